/**
 * Media uploads for posts: POST /api/media (multipart, field "file") with XMLHttpRequest so the
 * editor can show upload progress (fetch cannot report it), DELETE /api/media/:id for an upload
 * removed before the post is saved. Errors come back as the same ApiError as every other call.
 */
import type { Media, routes } from '@atelier/shared';
import { ApiError, call, fallbackCode, noteRetryAfter } from './client.ts';
import { recordServerDate } from './skew.ts';

export interface UploadHandle {
  promise: Promise<Media>;
  abort: () => void;
}

function errorOf(xhr: XMLHttpRequest): ApiError {
  const retryAfter =
    xhr.status === 429 ? noteRetryAfter(xhr.getResponseHeader('retry-after')) : undefined;
  const fallback = fallbackCode(xhr.status);
  try {
    const body = JSON.parse(xhr.responseText) as { error?: { code?: unknown; message?: unknown } };
    const code = typeof body.error?.code === 'string' ? body.error.code : fallback;
    const message = typeof body.error?.message === 'string' ? body.error.message : xhr.statusText;
    return new ApiError(xhr.status, code, message, {}, retryAfter);
  } catch {
    return new ApiError(xhr.status, fallback, xhr.statusText, {}, retryAfter);
  }
}

/** Uploads one file; `onProgress` gets 0..1. */
export function uploadMedia(file: File, onProgress: (fraction: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<Media>((resolve, reject) => {
    xhr.open('POST', '/api/media');
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      recordServerDate(xhr.getResponseHeader('date'));
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        try {
          resolve(JSON.parse(xhr.responseText) as Media);
        } catch {
          reject(new ApiError(xhr.status, 'errors.unknown', 'Bad response'));
        }
      } else reject(errorOf(xhr));
    };
    xhr.onerror = () => reject(new ApiError(0, 'errors.network', 'Network error'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}

export function deleteMedia(id: string): Promise<void> {
  return call<typeof routes.media.remove>('DELETE /api/media/:id', { params: { id } });
}
