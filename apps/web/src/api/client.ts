/**
 * The fetch wrapper every call of the web app goes through: same-origin cookies, JSON in and out,
 * the clock skew taken from each response's `Date` header, and an ApiError carrying the server's
 * `{ error: { code, message, fields? } }` (code and field messages are translation keys).
 */
import type { RequestOf, ResponseOf, RouteDef, routes } from '@atelier/shared';
import { recordServerDate } from './skew.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    /** With 429 errors.rateLimited: the seconds to wait (the `Retry-After` header). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

let lastRateLimit: { at: number; seconds: number } | null = null;

/** Keeps the `Retry-After` of a 429 answer, so the message shown can say how long to wait. */
export function noteRetryAfter(header: string | null, now = Date.now()): number | undefined {
  const seconds = Number(header);
  if (!header || !Number.isFinite(seconds) || seconds <= 0) return undefined;
  lastRateLimit = { at: now, seconds: Math.ceil(seconds) };
  return lastRateLimit.seconds;
}

/** Seconds still to wait after the latest 429 answer, or null when none is pending. */
export function rateLimitWait(now = Date.now()): number | null {
  if (!lastRateLimit) return null;
  const left = Math.ceil(lastRateLimit.seconds - (now - lastRateLimit.at) / 1000);
  return left > 0 ? left : null;
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
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}

/** The error code of an answer without our error body (a proxy's, or a bare status). */
export function fallbackCode(status: number): string {
  if (status === 413) return 'errors.fileTooLarge';
  if (status === 429) return 'errors.rateLimited';
  // 503 is the server's "too busy, retry shortly" (a proxy's 503 may come without our body).
  if (status === 503) return 'errors.overloaded';
  return status >= 500 ? 'errors.server' : 'errors.unknown';
}

async function toApiError(res: Response): Promise<ApiError> {
  const fallback = fallbackCode(res.status);
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
  const retryAfter =
    res.status === 429 ? noteRetryAfter(res.headers.get('retry-after')) : undefined;
  return new ApiError(res.status, code, message, fields, retryAfter);
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

type Part<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : { [P in K]: T };

/** What `call` sends: the route's params, query and body as declared (before defaults). */
export type CallInput<R extends RouteDef> = Part<'params', RequestOf<R>['params']> &
  Part<'query', RequestOf<R>['query']> &
  Part<
    'body',
    RequestOf<R>['body'] | (R['bodyType'] extends 'multipart/form-data' ? FormData : never)
  > & { signal?: AbortSignal };

/** `/api/users/:id/posts` with `{ id }` → `/api/users/u1/posts`, each value URI-encoded. */
export function fillPath(
  path: string,
  params: Record<string, string | number | boolean | undefined> = {},
): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
    encodeURIComponent(String(params[name] ?? '')),
  );
}

/** The query string of defined, non-empty values (`?a=1&b=x`), or ''. */
export function queryString(
  query: Record<string, string | number | boolean | null | undefined> = {},
): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

type Table = typeof routes;
/** Every route of the shared table, as a union of their declarations. */
type AnyRoute = { [F in keyof Table]: Table[F][keyof Table[F]] }[keyof Table];
type NameOf<R> = R extends RouteDef ? `${R['method']} ${R['path']}` : never;
type Lookup<R, N> = R extends RouteDef ? (NameOf<R> extends N ? R : never) : never;

/** A route of the table by its `'METHOD /path'` (`'GET /api/sections/:slug'`). */
export type RouteName = NameOf<AnyRoute>;
/** The declaration of the route named `N`. */
export type RouteNamed<N extends RouteName> = Lookup<AnyRoute, N>;
/** What the route named `N` takes and answers. */
export type InputOf<N extends RouteName> = CallInput<RouteNamed<N>>;
export type AnswerOf<N extends RouteName> = ResponseOf<RouteNamed<N>>;
/** The input argument of a route: optional when the route needs no params, query nor body. */
export type InputArgs<N extends RouteName> =
  object extends InputOf<N> ? [InputOf<N>?] : [InputOf<N>];

/** `call` with the input and the abort signal apart (for the query helpers of api/route.ts). */
export function send<N extends RouteName>(
  route: N,
  input?: InputOf<N>,
  abort?: AbortSignal,
): Promise<AnswerOf<N>> {
  const space = route.indexOf(' ');
  const method = route.slice(0, space) as RouteDef['method'];
  const {
    params,
    query,
    body,
    signal = abort,
  } = (input ?? {}) as {
    params?: Record<string, string | number | boolean | undefined>;
    query?: Record<string, string | number | boolean | null | undefined>;
    body?: unknown;
    signal?: AbortSignal;
  };
  const path = fillPath(route.slice(space + 1), params) + queryString(query);
  return request<AnswerOf<N>>(path, { method, body, signal });
}

/**
 * Calls a route of the shared route table by its `'METHOD /path'`, typed from the declaration
 * (only types are imported, so the web bundle needs no Zod):
 *
 *   call('GET /api/sections/:slug', { params: { slug } })
 *
 * resolves to the declared answer (`Section`), or throws an ApiError. (It is `send`, with the
 * input optional where the route needs nothing.)
 */
export const call: <N extends RouteName>(
  route: N,
  ...[input]: InputArgs<N>
) => Promise<AnswerOf<N>> = send;

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}
