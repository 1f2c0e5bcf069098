/**
 * The shape of one route of the API contract: the server registers it (apps/server/src/lib/
 * routes.ts), the OpenAPI document describes it, the web app calls it (apps/web/src/api/client.ts).
 */
import type { z } from 'zod';
import type { RateLimitClass } from '../limits.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call it (the server's auth/access.ts levels): `public` anyone; `signedIn` any signed-in
 * user (banned ones only with `allowBanned`); `verified` a verified user; `member` a user with
 * access; `moderator` a moderator.
 */
export type AccessLevel = 'public' | 'signedIn' | 'verified' | 'member' | 'moderator';

export interface RouteRateLimit {
  class: RateLimitClass;
  /** Counted per signed-in user or per client IP. */
  per: 'user' | 'ip';
  /** Counted only once the input is valid (a refused input does not use the allowance up). */
  afterValidation?: boolean;
}

/** Each answer by status: a schema, or null for an empty body (204). */
export type Responses = Record<number, z.ZodType | null>;

export interface RouteDef {
  method: HttpMethod;
  /** Fastify syntax: `/api/sections/:slug`. */
  path: string;
  summary: string;
  access: AccessLevel;
  allowBanned?: boolean;
  rateLimit?: RouteRateLimit;
  params?: z.ZodType;
  /**
   * Params that do not match `params` answer 404 with this code (an id that cannot exist is a
   * thing not found) instead of 400 errors.validation.
   */
  paramsNotFound?: string;
  query?: z.ZodType;
  body?: z.ZodType;
  /** A body that is not JSON (the schema then documents it; the handler reads it itself). */
  bodyType?: 'multipart/form-data';
  /**
   * A success answer that is not JSON (a file download): its schema only documents it (a binary
   * string), the handler returns a stream or bytes, sent as they are with this content type.
   */
  responseType?: 'application/zip';
  responses: Responses;
}

/** What the handler of a route with a `responseType` returns: a Node stream or bytes. */
export type BinaryBody = { pipe: (...args: never[]) => unknown } | Uint8Array;

/** Declares a route, keeping its literal types (for the server's handler and the web's client). */
export const defineRoute = <const R extends RouteDef>(route: R): R => route;

type Infer<S, Io extends 'in' | 'out'> = S extends z.ZodType
  ? Io extends 'in'
    ? z.input<S>
    : z.output<S>
  : undefined;

/** The params, query and body of a route as the handler gets them (parsed). */
export type ParamsOf<R extends RouteDef> = Infer<R['params'], 'out'>;
export type QueryOf<R extends RouteDef> = Infer<R['query'], 'out'>;
export type BodyOf<R extends RouteDef> = Infer<R['body'], 'out'>;

type SuccessStatus<R extends RouteDef> = Extract<keyof R['responses'], 200 | 201 | 202 | 204>;
/** What a successful answer holds (nothing for 204: a handler returns nothing). */
/* eslint-disable @typescript-eslint/no-invalid-void-type */
export type ResponseOf<R extends RouteDef> = R['responseType'] extends string
  ? BinaryBody
  : {
      [S in SuccessStatus<R>]: R['responses'][S] extends z.ZodType
        ? z.output<R['responses'][S]>
        : void;
    }[SuccessStatus<R>];
/* eslint-enable @typescript-eslint/no-invalid-void-type */

/** What a caller sends (before parsing: defaults may be left out). */
export interface RequestOf<R extends RouteDef> {
  params: Infer<R['params'], 'in'>;
  query: Infer<R['query'], 'in'>;
  body: Infer<R['body'], 'in'>;
}
