/**
 * The fetch wrapper every call of the web app goes through: same-origin cookies, JSON in and out,
 * the clock skew taken from each response's `Date` header, and an ApiError carrying the server's
 * `{ error: { code, message, fields? } }` (code and field messages are translation keys).
 */
import { recordServerDate } from './skew.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON, FormData as multipart; undefined sends no body at all. */
  body?: unknown;
  signal?: AbortSignal;
}

interface ErrorBody {
  error?: { code?: unknown; message?: unknown; fields?: unknown };
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && Object.values(value).every((v) => typeof v === 'string');
}

async function toApiError(res: Response): Promise<ApiError> {
  // 503 is the server's "too busy, retry shortly" (a proxy's 503 may come without our body).
  const fallback =
    res.status === 429
      ? 'errors.rateLimited'
      : res.status === 503
        ? 'errors.overloaded'
        : res.status >= 500
          ? 'errors.server'
          : 'errors.unknown';
  let body: ErrorBody | null = null;
  try {
    body = (await res.json()) as ErrorBody;
  } catch {
    body = null;
  }
  const error = body?.error;
  const code = typeof error?.code === 'string' ? error.code : fallback;
  const message = typeof error?.message === 'string' ? error.message : res.statusText;
  const fields = isStringRecord(error?.fields) ? error.fields : {};
  return new ApiError(res.status, code, message, fields);
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
  const headers: Record<string, string> = { accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    // Never a JSON content-type without a body: Fastify refuses it (FST_ERR_CTP_EMPTY_JSON_BODY).
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: payload, credentials: 'same-origin', signal });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError(0, 'errors.network', err instanceof Error ? err.message : 'Network error');
  }
  recordServerDate(res.headers.get('date'));
  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => request<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => request<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => request<T>(path, { method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown) => request<T>(path, { method: 'PATCH', body }),
  delete: <T>(path: string) => request<T>(path, { method: 'DELETE' }),
};

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}
