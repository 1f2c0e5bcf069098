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
 * Routes registered outside the route table (features being reworked elsewhere, Better Auth,
 * health, these docs). Each should move into packages/shared/src/routes/ and leave this list.
 */
export const unmigratedRoutes: UnmigratedRoute[] = [
  r('GET', '/api/health', 'health', 'Database (and Redis) status with latencies; 503 when down'),
  r('GET', '/api/health/live', 'health', 'The process is up'),
  r('GET', '/api/health/ready', 'health', 'Ready for traffic; 503 otherwise'),
  r('GET', '/api/auth/*', 'auth', 'Better Auth (sessions, sign-in, verification, reset…)'),
  r('POST', '/api/auth/*', 'auth', 'Better Auth (sessions, sign-in, verification, reset…)'),
  r('POST', '/api/register', 'auth', 'Create an account (registerSchema)'),
  r('GET', '/api/me', 'users', 'The signed-in user (CurrentUser)'),
  r('PATCH', '/api/me', 'users', 'Change own account (accountUpdateSchema)'),
  r('POST', '/api/me/avatar', 'users', 'Upload own avatar (multipart)'),
  r('DELETE', '/api/me/avatar', 'users', 'Remove own avatar'),
  r('GET', '/api/me/export', 'users', "Everything one wrote, and one's media, as a ZIP"),
  r('POST', '/api/me/deletion', 'users', 'Ask for account deletion (password, mode)'),
  r('DELETE', '/api/me/deletion', 'users', 'Cancel a pending account deletion'),
  r('GET', '/api/applications/mine', 'applications', 'Own application (MyApplication)'),
  r('POST', '/api/applications', 'applications', 'Apply for access (applicationSchema)'),
  r('GET', '/api/applications', 'applications', 'Pending applications (moderators)'),
  r('POST', '/api/applications/:id/approve', 'applications', 'Approve (moderators)'),
  r('POST', '/api/applications/:id/reject', 'applications', 'Reject (moderators)'),
  r('GET', '/api/users/banned', 'moderation', 'Banned users (moderators)'),
  r('POST', '/api/users/:id/ban', 'moderation', 'Ban a user (moderators)'),
  r('POST', '/api/users/:id/unban', 'moderation', 'Unban a user (moderators)'),
  r('PUT', '/api/users/:id/roles', 'moderation', "Set a user's roles (moderators)"),
  r('POST', '/api/users/:id/displayed-role/reset', 'moderation', 'Reset the displayed role'),
  r('GET', '/api/users/:id/shared-visitors', 'moderation', 'Accounts sharing visitor ids'),
  r('POST', '/api/promotion-requests', 'promotions', 'Ask for promotion'),
  r('GET', '/api/promotion-requests/mine', 'promotions', 'Own promotion request'),
  r('GET', '/api/promotion-requests', 'promotions', 'Pending requests (moderators)'),
  r('POST', '/api/promotion-requests/:id/approve', 'promotions', 'Approve (moderators)'),
  r('POST', '/api/promotion-requests/:id/decline', 'promotions', 'Decline (moderators)'),
  r('POST', '/api/posts', 'posts', 'Create a post (createPostSchema)'),
  r('GET', '/api/posts/:id', 'posts', 'One post (Post)'),
  r('PATCH', '/api/posts/:id', 'posts', 'Edit a post (author or moderator)'),
  r('DELETE', '/api/posts/:id', 'posts', 'Delete a post (author or moderator)'),
  r('POST', '/api/posts/:id/views', 'posts', 'Count a view (one per viewer per day)'),
  r('GET', '/api/posts/:id/versions', 'posts', "A post's earlier versions (author, moderators)"),
  r('GET', '/api/posts/:id/likes', 'likes', 'Who liked a post, newest first'),
  r('GET', '/api/comments/:id/likes', 'likes', 'Who liked a comment, newest first'),
  r('GET', '/api/comment-replies/:id/likes', 'likes', 'Who liked a reply, newest first'),
  r('GET', '/api/status-updates/:id/likes', 'likes', 'Who liked a status update, newest first'),
  r('GET', '/api/status-replies/:id/likes', 'likes', 'Who liked a reply, newest first'),
  r('PUT', '/api/posts/:id/like', 'likes', 'Like a post'),
  r('DELETE', '/api/posts/:id/like', 'likes', 'Unlike a post'),
  r('GET', '/api/search', 'search', 'Search posts, users and tags'),
  r('GET', '/api/posts/:id/comments', 'comments', "A post's comments, oldest first"),
  r('POST', '/api/posts/:id/comments', 'comments', 'Comment on a post'),
  r('PATCH', '/api/comments/:id', 'comments', 'Edit a comment'),
  r('DELETE', '/api/comments/:id', 'comments', 'Delete a comment'),
  r('POST', '/api/comments/:id/replies', 'comments', 'Reply to a comment'),
  r('PATCH', '/api/comment-replies/:id', 'comments', 'Edit a reply'),
  r('DELETE', '/api/comment-replies/:id', 'comments', 'Delete a reply'),
  r('PUT', '/api/comments/:id/like', 'likes', 'Like a comment'),
  r('DELETE', '/api/comments/:id/like', 'likes', 'Unlike a comment'),
  r('PUT', '/api/comment-replies/:id/like', 'likes', 'Like a reply'),
  r('DELETE', '/api/comment-replies/:id/like', 'likes', 'Unlike a reply'),
  r('GET', '/api/status-updates', 'status-updates', 'Status updates, newest first'),
  r('POST', '/api/status-updates', 'status-updates', 'Post a status update'),
  r('PATCH', '/api/status-updates/:id', 'status-updates', 'Edit a status update'),
  r('DELETE', '/api/status-updates/:id', 'status-updates', 'Delete a status update'),
  r('GET', '/api/status-updates/:id/replies', 'status-updates', 'Replies, oldest first'),
  r('POST', '/api/status-updates/:id/replies', 'status-updates', 'Reply to a status update'),
  r('PATCH', '/api/status-replies/:id', 'status-updates', 'Edit a reply'),
  r('DELETE', '/api/status-replies/:id', 'status-updates', 'Delete a reply'),
  r('PUT', '/api/status-updates/:id/like', 'likes', 'Like a status update'),
  r('DELETE', '/api/status-updates/:id/like', 'likes', 'Unlike a status update'),
  r('PUT', '/api/status-replies/:id/like', 'likes', 'Like a reply'),
  r('DELETE', '/api/status-replies/:id/like', 'likes', 'Unlike a reply'),
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
          content: { 'application/json': { schema: schemaOf(schema, 'output') } },
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
        '`{ error: { code, message, fields?, requestId } }` with `code` a translation key.',
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
