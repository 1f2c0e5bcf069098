/**
 * The OpenAPI 3.1 document of the API, generated from the shared route table (every schema,
 * access level and rate limit as declared), plus the routes not yet moved into the table, listed
 * by hand below with a summary only. A test compares the document with every route the server
 * registers, so a route can be in neither.
 */
import {
  allRoutes,
  apiErrorSchema,
  type AccessLevel,
  type HttpMethod,
  type RouteDef,
} from '@atelier/shared';
import { jsonSchemaOf } from './routes.ts';

interface UnmigratedRoute {
  method: HttpMethod;
  path: string;
  summary: string;
  tag: string;
}

const r = (method: HttpMethod, path: string, tag: string, summary: string): UnmigratedRoute => ({
  method,
  path,
  summary,
  tag,
});

/**
 * Routes registered outside the route table: features still being moved (each should move into
 * packages/shared/src/routes/ and leave this list), and for good Better Auth and these docs.
 */
export const unmigratedRoutes: UnmigratedRoute[] = [
  // Better Auth's own handler answers everything under /api/auth (its endpoints, bodies and
  // answers are Better Auth's, not declared by us): it stays listed here.
  r('GET', '/api/auth/*', 'auth', 'Better Auth (sessions, sign-in, verification, reset…)'),
  r('POST', '/api/auth/*', 'auth', 'Better Auth (sessions, sign-in, verification, reset…)'),
  // The documentation itself (this document and its browsable page): not part of the API it
  // describes, so it stays listed here.
  r('GET', '/api/openapi.json', 'docs', 'This document'),
  r('GET', '/api/docs', 'docs', 'This document, browsable (Swagger UI)'),
  r('GET', '/api/docs/:file', 'docs', "The browsable page's files"),
];

/** `/api/sections/:slug` → `/api/sections/{slug}`; a wildcard stays as it is. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const accessText: Record<AccessLevel, string> = {
  public: 'Anyone.',
  signedIn: 'Any signed-in user.',
  verified: 'A signed-in user with a verified e-mail address.',
  member: 'A user with access (not banned).',
  moderator: 'A moderator.',
};

const errorRef = { $ref: '#/components/schemas/ApiError' };
const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorRef } },
});

const schemaOf = (schema: Parameters<typeof jsonSchemaOf>[0], io: 'input' | 'output') =>
  jsonSchemaOf(schema, io, 'draft-2020-12');

function parametersOf(def: RouteDef) {
  const out: Record<string, unknown>[] = [];
  for (const [where, schema] of [
    ['path', def.params],
    ['query', def.query],
  ] as const) {
    if (!schema) continue;
    const json = schemaOf(schema, 'input') as {
      properties?: Record<string, unknown>;
      required?: string[];
    };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      out.push({
        name,
        in: where,
        required: where === 'path' || (json.required ?? []).includes(name),
        schema: property,
      });
    }
  }
  return out;
}

function operationOf(def: RouteDef) {
  const responses: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries(def.responses)) {
    responses[status] = schema
      ? {
          description: 'Success',
          content: {
            [def.responseType && Number(status) < 300 ? def.responseType : 'application/json']: {
              schema: schemaOf(schema, 'output'),
            },
          },
        }
      : { description: 'Success, no content' };
  }
  if (def.body || def.query || def.params) responses['400'] = errorResponse('errors.validation');
  if (def.access !== 'public') {
    responses['401'] = errorResponse('errors.unauthorized: not signed in');
    responses['403'] = errorResponse(
      'Signed in, but not allowed (errors.noAccess, errors.banned…)',
    );
  }
  if (def.paramsNotFound) responses['404'] = errorResponse(def.paramsNotFound);
  if (def.rateLimit) responses['429'] = errorResponse('errors.rateLimited (Retry-After)');
  const limit = def.rateLimit
    ? ` Rate limit: \`${def.rateLimit.class}\` per ${def.rateLimit.per === 'user' ? 'user' : 'IP'}.`
    : '';
  return {
    summary: def.summary,
    description: `Who: ${accessText[def.access]}${def.allowBanned ? ' Banned users too.' : ''}${limit}`,
    tags: [def.path.split('/')[2] ?? 'api'],
    'x-access': def.access,
    ...(def.rateLimit ? { 'x-rate-limit': def.rateLimit.class } : {}),
    ...(def.access === 'public' ? { security: [] } : {}),
    parameters: parametersOf(def),
    ...(def.body
      ? {
          requestBody: {
            required: true,
            content: {
              [def.bodyType ?? 'application/json']: { schema: schemaOf(def.body, 'input') },
            },
          },
        }
      : {}),
    responses,
  };
}

/** Path parameters of an unmigrated route (plain strings: their schema is not declared yet). */
function unmigratedOperation(route: UnmigratedRoute) {
  const names = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? '');
  return {
    summary: route.summary,
    description: 'Not yet in the route table: no schema declared.',
    tags: [route.tag],
    'x-unmigrated': true,
    parameters: names.map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    })),
    responses: { default: { description: 'See docs/api.md' } },
  };
}

export function buildOpenApi(version = '1.0.0') {
  const paths: Record<string, Record<string, unknown>> = {};
  const add = (method: string, path: string, operation: unknown) => {
    (paths[openApiPath(path)] ??= {})[method.toLowerCase()] = operation;
  };
  for (const def of allRoutes) add(def.method, def.path, operationOf(def));
  for (const route of unmigratedRoutes) add(route.method, route.path, unmigratedOperation(route));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Atelier API',
      version,
      description:
        'Generated from the route table (packages/shared/src/routes). Errors are ' +
        '`{ error: { code, message, fields?, requestId } }` with `code` a translation key and ' +
        "`message` its text in the request's language (the user's saved language, else " +
        'Accept-Language, else English).',
    },
    servers: [{ url: '/' }],
    security: [{ session: [] }],
    paths,
    components: {
      schemas: { ApiError: schemaOf(apiErrorSchema, 'output') },
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'better-auth.session_token',
          description: 'The Better Auth session cookie set by sign-in',
        },
      },
    },
  };
}
