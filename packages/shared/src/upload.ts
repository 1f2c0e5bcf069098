/**
 * Upload size rule (seed): files over 25 MB are too large; video files (type starting with
 * "video") are allowed up to 100 MB. Sizes are shown in MB rounded to two decimals.
 */
import { limits, MB } from './limits.ts';

export function uploadLimitBytes(type: string): number {
  return type.startsWith('video') ? limits.videoUploadBytes : limits.uploadBytes;
}

/** Bytes → MB, rounded to two decimals. */
export function bytesToMb(bytes: number): number {
  return Math.round((bytes / MB) * 100) / 100;
}

export type UploadCheck =
  { ok: true } | { ok: false; code: 'errors.fileTooLarge'; sizeMb: number; maxMb: number };

export function checkUpload(file: { size: number; type: string }): UploadCheck {
  const max = uploadLimitBytes(file.type);
  if (file.size <= max) return { ok: true };
  return {
    ok: false,
    code: 'errors.fileTooLarge',
    sizeMb: bytesToMb(file.size),
    maxMb: bytesToMb(max),
  };
}

/** Video types the browser may upload straight to the bucket (POST /api/media/direct). */
export const directUploadTypes = ['video/mp4', 'video/quicktime', 'video/webm'] as const;

/** The answer to POST /api/media/direct: PUT the file to `url` with these headers, then complete. */
export interface DirectUpload {
  url: string;
  headers: Record<string, string>;
  token: string;
}
