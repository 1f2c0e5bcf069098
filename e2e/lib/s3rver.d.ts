/** The part of s3rver (a test-only S3-compatible server) that the browser tests use. */
declare module 's3rver' {
  export default class S3rver {
    constructor(options: {
      port: number;
      address: string;
      silent: boolean;
      directory: string;
      /** Buckets created at start, each with its configuration documents (CORS XML). */
      configureBuckets?: { name: string; configs: string[] }[];
    });
    run(): Promise<{ port: number }>;
    close(): Promise<void>;
  }
}
