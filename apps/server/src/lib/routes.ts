/**
 * Registers a route of the shared route table (packages/shared/src/routes): the declaration gives
 * the method, the path, the access level and rate limit (hooks), the params, query and body schemas
 * (Zod, validated before the handler) and each answer's schema (the answer is serialised from its
 * JSON Schema with Fastify's fast serialiser, so undeclared fields never leave the server).
 *
 * Order of a request: access (preValidation: a signed-out caller is 401 whatever it sends), the
 * rate limit (before validation, or after with `afterValidation`), validation, the handler.
 * Invalid input is the usual 400 `errors.validation` with `fields` (lib/error-handler.ts turns the
 * ZodError into it); invalid params of a route with `paramsNotFound` are 404 with that code.
 *
 * A handler gets `{ params, query, body, viewer, request, reply }` parsed and typed from the
 * declaration and returns the answer's body (nothing for 204; a stream or bytes for a route with a
 * `responseType`, sent with that content type). The status is the lowest success status declared;
 * a handler may set another with `reply.status()`.
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifySchemaCompiler,
  preHandlerAsyncHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import { z } from 'zod';
import type { BodyOf, ParamsOf, QueryOf, ResponseOf, RouteDef } from '@atelier/shared';
import { requireAccess, viewerOf, type Viewer } from '../auth/access.ts';
import { notFound } from './errors.ts';
import { limitPerIp, limitPerUser } from './rate-limit.ts';

export interface RouteContext<R extends RouteDef> {
  params: ParamsOf<R>;
  query: QueryOf<R>;
  body: BodyOf<R>;
  /** The signed-in user (throws 401 on a public route called signed out). */
  readonly viewer: Viewer;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * An answer the handler has already serialised (by the route's response schema) and maybe
 * compressed, with its headers set: sent as these bytes (lib/http-cache.ts, answerCached).
 */
export type PreparedBody = Buffer & { readonly preparedBody: true };

export type RouteHandler<R extends RouteDef> = (
  context: RouteContext<R>,
) => Promise<ResponseOf<R> | PreparedBody> | ResponseOf<R> | PreparedBody;

/**
 * A handler's context: an instance of one class, its `viewer` getter on the prototype. (An object
 * literal with a getter, made per request, cost far more than its size: V8 gives each one an
 * accessor pair of its own in the old generation, which kept the getter's closure, and through it
 * the request and its reply, alive across young-generation collections: a cached answer spent
 * about a tenth of its time in them. docs/performance.md, "A getter per request".)
 */
class Context<R extends RouteDef> implements RouteContext<R> {
  readonly params: ParamsOf<R>;
  readonly query: QueryOf<R>;
  readonly body: BodyOf<R>;
  constructor(
    readonly request: FastifyRequest,
    readonly reply: FastifyReply,
  ) {
    this.params = request.params as ParamsOf<R>;
    this.query = request.query as QueryOf<R>;
    this.body = request.body as BodyOf<R>;
  }
  get viewer(): Viewer {
    return viewerOf(this.request);
  }
}

const jsonSchemas = new WeakMap<z.ZodType, Record<string, unknown>>();

/**
 * A Zod schema as JSON Schema (draft 7, what Fastify's serialiser reads). `io` output: the answer
 * as sent (after transforms), input: what a caller sends.
 */
export function jsonSchemaOf(
  schema: z.ZodType,
  io: 'input' | 'output' = 'output',
  target: 'draft-7' | 'draft-2020-12' = 'draft-7',
): Record<string, unknown> {
  const cached = io === 'output' && target === 'draft-7' ? jsonSchemas.get(schema) : undefined;
  if (cached) return cached;
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io,
    target,
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  if (io === 'output' && target === 'draft-7') {
    const fast = withNullableTypes(json) as Record<string, unknown>;
    jsonSchemas.set(schema, fast);
    return fast;
  }
  return json;
}

/**
 * `anyOf: [X, { type: 'null' }]` (how Zod writes `.nullable()`) as X with `type: [X.type, 'null']`:
 * the same values, but the serialiser writes it directly instead of testing each branch.
 */
function withNullableTypes(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withNullableTypes);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = withNullableTypes(value);
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const [a, b] = anyOf as Record<string, unknown>[];
    const isNull = (x: Record<string, unknown> | undefined) =>
      x?.type === 'null' && Object.keys(x).length === 1;
    const other = isNull(b) ? a : isNull(a) ? b : undefined;
    if (other && typeof other.type === 'string' && other.anyOf === undefined) {
      const { anyOf: _anyOf, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

/** The success status a handler answers with unless it sets another. */
export function defaultStatus(def: RouteDef): number {
  const statuses = Object.keys(def.responses)
    .map(Number)
    .filter((s) => s >= 200 && s < 300);
  return Math.min(...statuses);
}

function validatorFor(def: RouteDef): FastifySchemaCompiler<FastifySchema> {
  return ({ schema: given, httpPart }) =>
    (data: unknown) => {
      const schema = given as unknown as z.ZodType;
      // A POST or PATCH with no body at all (or a JSON null) is an empty object to its schema.
      const input = httpPart === 'body' && (data === undefined || data === null) ? {} : data;
      const result = schema.safeParse(input);
      if (result.success) return { value: result.data };
      if (httpPart === 'params' && def.paramsNotFound)
        return { error: notFound(def.paramsNotFound) };
      return { error: result.error };
    };
}

const isPromise = <T>(value: T | Promise<T>): value is Promise<T> =>
  typeof (value as { then?: unknown } | null)?.then === 'function';

/**
 * What the route hands Fastify. Sent already, or nothing to send: an async handler's promise
 * resolves to the reply (Fastify then sends nothing more), a synchronous one returns undefined
 * (Fastify sends a synchronous value itself, so it must not see the reply).
 */
function answerWith(def: RouteDef) {
  return (reply: FastifyReply, result: unknown, async: boolean): unknown => {
    if (reply.sent) return async ? reply : undefined;
    if (result === undefined) {
      void reply.send();
      return async ? reply : undefined;
    }
    if (def.responseType) void reply.type(def.responseType);
    return result;
  };
}

export function registerRoute<R extends RouteDef>(
  app: FastifyInstance,
  def: R,
  handler: RouteHandler<R>,
): void {
  const checks: (preHandlerAsyncHookHandler | preHandlerHookHandler)[] = [];
  if (def.access !== 'public') {
    checks.push(requireAccess(def.access, { allowBanned: def.allowBanned === true }));
  }
  const afterValidation: preHandlerAsyncHookHandler[] = [];
  if (def.rateLimit) {
    const limit =
      def.rateLimit.per === 'user'
        ? limitPerUser(def.rateLimit.class)
        : limitPerIp(def.rateLimit.class);
    (def.rateLimit.afterValidation ? afterValidation : checks).push(limit);
  }

  const response: Record<number, unknown> = {};
  for (const [status, schema] of Object.entries(def.responses)) {
    // A file (responseType) is sent as it is: no serialiser for it.
    if (schema && !(def.responseType && Number(status) < 300))
      response[Number(status)] = jsonSchemaOf(schema);
  }
  const schema: FastifySchema = { response };
  if (def.params) schema.params = def.params;
  if (def.query) schema.querystring = def.query;
  if (def.body && def.bodyType === undefined) schema.body = def.body;
  const status = defaultStatus(def);
  const answer = answerWith(def);

  app.route({
    method: def.method,
    url: def.path,
    schema,
    validatorCompiler: validatorFor(def),
    ...(checks.length ? { preValidation: checks } : {}),
    ...(afterValidation.length ? { preHandler: afterValidation } : {}),
    // A GET has no body to inflate: without the compression plugin's request hook on it, every
    // read runs one hook fewer.
    ...(def.method === 'GET' ? { decompress: false as const } : {}),
    // Not an async function: a handler that answers at once (a shared answer from the payload
    // cache) is sent without a promise; one that returns a promise is awaited as before.
    handler: (request, reply) => {
      void reply.status(status);
      const result = handler(new Context<R>(request, reply));
      return isPromise(result)
        ? result.then((value) => answer(reply, value, true))
        : answer(reply, result, false);
    },
  });
}
