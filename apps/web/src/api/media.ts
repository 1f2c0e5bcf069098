/**
 * Media uploads for posts: POST /api/media (multipart, field "file") with XMLHttpRequest so the
 * editor can show upload progress (fetch cannot report it), DELETE /api/media/:id for an upload
 * removed before the post is saved. With media in a bucket, videos are PUT straight to it
 * (POST /api/media/direct, then /complete). Errors come back as the same ApiError as every other
 * call.
 */
import {
  directUploadTypes,
  type DirectUpload,
  type DirectUploadRequest,
  type Media,
} from '@atelier/shared';
import { ApiError, call, fallbackCode, isApiError, noteRetryAfter } from './client.ts';
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

/** Sends `body` with XMLHttpRequest (fetch cannot report upload progress); resolves with the xhr. */
function send(
  xhr: XMLHttpRequest,
  method: 'POST' | 'PUT',
  url: string,
  body: FormData | File,
  headers: Record<string, string>,
  onProgress: (fraction: number) => void,
): Promise<XMLHttpRequest> {
  return new Promise((resolve, reject) => {
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => resolve(xhr);
    xhr.onerror = () => reject(new ApiError(0, 'errors.network', 'Network error'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    xhr.send(body);
  });
}

function mediaOf(xhr: XMLHttpRequest, onProgress: (fraction: number) => void): Media {
  recordServerDate(xhr.getResponseHeader('date'));
  if (xhr.status < 200 || xhr.status >= 300) throw errorOf(xhr);
  onProgress(1);
  try {
    return JSON.parse(xhr.responseText) as Media;
  } catch {
    throw new ApiError(xhr.status, 'errors.unknown', 'Bad response');
  }
}

/**
 * Whether this site keeps media in a bucket the browser may upload to; learnt from the first
 * video (POST /api/media/direct answers 404 errors.directUploadUnavailable without a bucket).
 */
let directAvailable = true;

const isDirectType = (type: string): type is DirectUploadRequest['mime'] =>
  (directUploadTypes as readonly string[]).includes(type);

/**
 * A video goes straight to the bucket when the site has one: a presigned PUT, then
 * POST /api/media/direct/complete, where the server checks what arrived. 90 % of the bar is the
 * transfer, the rest the server's check. Null when the site has no bucket.
 */
async function uploadDirect(
  file: File,
  xhr: XMLHttpRequest,
  onProgress: (fraction: number) => void,
  aborted: () => boolean,
): Promise<Media | null> {
  if (!directAvailable || !isDirectType(file.type)) return null;
  let target: DirectUpload;
  try {
    target = await call('POST /api/media/direct', {
      body: { mime: file.type, bytes: file.size },
    });
  } catch (err) {
    if (isApiError(err) && err.code === 'errors.directUploadUnavailable') {
      directAvailable = false;
      return null;
    }
    throw err;
  }
  if (aborted()) throw new DOMException('Aborted', 'AbortError');
  const put = await send(xhr, 'PUT', target.url, file, target.headers, (f) => onProgress(f * 0.9));
  if (put.status < 200 || put.status >= 300)
    throw new ApiError(put.status, 'errors.uploadFailed', put.statusText);
  return call('POST /api/media/direct/complete', {
    body: { token: target.token },
  });
}

/** Uploads one file; `onProgress` gets 0..1. */
export function uploadMedia(file: File, onProgress: (fraction: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  let aborted = false;
  const promise = (async () => {
    const direct = await uploadDirect(file, xhr, onProgress, () => aborted);
    if (direct) {
      onProgress(1);
      return direct;
    }
    if (aborted) throw new DOMException('Aborted', 'AbortError');
    const form = new FormData();
    form.append('file', file);
    xhr.withCredentials = true;
    const done = await send(
      xhr,
      'POST',
      '/api/media',
      form,
      { accept: 'application/json' },
      onProgress,
    );
    return mediaOf(done, onProgress);
  })();
  return {
    promise,
    abort: () => {
      aborted = true;
      xhr.abort();
    },
  };
}

export function deleteMedia(id: string): Promise<void> {
  return call('DELETE /api/media/:id', { params: { id } });
}
