/** The part of s3rver (a test-only S3-compatible server) that s3-server.ts uses. */
declare module 's3rver' {
  export default class S3rver {
    constructor(options: { port: number; address: string; silent: boolean; directory: string });
    run(): Promise<{ port: number }>;
    close(): Promise<void>;
  }
}
