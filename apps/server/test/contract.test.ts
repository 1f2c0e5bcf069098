/**
 * Every route of the route table, called as a member (a moderator where the route needs one): the
 * answer's status is one the table declares and its body matches the declared schema. A route added
 * to the table without a case here fails the first test.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { allRoutes, apiErrorSchema, type RouteDef } from '@atelier/shared';
import {
  createAuthTestApp,
  createMember,
  createModerator,
  relaxedWriteLimits,
  request,
  type TestUser,
} from './factories.ts';
import type { TestApp } from './helpers.ts';
import { multipart, newPost, newTag } from './post-factories.ts';

let t: TestApp;
let member: TestUser;
let moderator: TestUser;
let tagId: string;
beforeAll(async () => {
  t = await createAuthTestApp({ RATE_LIMITS: relaxedWriteLimits() });
  member = await createMember(t);
  moderator = await createModerator(t);
  await newPost(t, member);
  tagId = await newTag(t, 'Contract');
});
afterAll(() => t.close());

interface Call {
  as: 'member' | 'moderator';
  request: () => Promise<Omit<InjectOptions, 'method'>> | Omit<InjectOptions, 'method'>;
  /** The status expected (a declared success unless noted). */
  status: number;
}

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } } })
    .png()
    .toBuffer();

async function uploadedMediaId(): Promise<string> {
  const body = multipart('file', 'a.png', await png(), 'image/png');
  const res = await request(t, {
    method: 'POST',
    url: '/api/media',
    cookie: member.cookie,
    ...body,
  });
  return res.json<{ id: string }>().id;
}

async function noteId(): Promise<string> {
  const res = await request(t, {
    method: 'POST',
    url: `/api/users/${member.id}/notes`,
    cookie: moderator.cookie,
    payload: { body: 'A note to delete' },
  });
  return res.json<{ id: string }>().id;
}

async function reportedPost(): Promise<string> {
  const id = (await newPost(t, member)).id;
  await request(t, {
    method: 'POST',
    url: '/api/reports',
    cookie: moderator.cookie,
    payload: { targetType: 'post', targetId: id, reason: 'spam' },
  });
  return id;
}

const calls: Record<string, Call> = {
  'POST /api/client-errors': {
    as: 'member',
    request: () => ({ url: '/api/client-errors', payload: { message: 'boom' } }),
    status: 204,
  },
  'GET /api/home': { as: 'member', request: () => ({ url: '/api/home' }), status: 200 },
  'POST /api/media': {
    as: 'member',
    request: async () => ({
      url: '/api/media',
      ...multipart('file', 'a.png', await png(), 'image/png'),
    }),
    status: 201,
  },
  'DELETE /api/media/:id': {
    as: 'member',
    request: async () => ({ url: `/api/media/${await uploadedMediaId()}` }),
    status: 204,
  },
  // Without S3 storage (s3-media.test.ts covers the bucket): the documented 404.
  'POST /api/media/direct': {
    as: 'member',
    request: () => ({ url: '/api/media/direct', payload: { mime: 'video/mp4', bytes: 1000 } }),
    status: 404,
  },
  'POST /api/media/direct/complete': {
    as: 'member',
    request: () => ({ url: '/api/media/direct/complete', payload: { token: 'x' } }),
    status: 404,
  },
  'GET /api/mod-log': { as: 'moderator', request: () => ({ url: '/api/mod-log' }), status: 200 },
  'GET /api/users/:id/notes': {
    as: 'moderator',
    request: () => ({ url: `/api/users/${member.id}/notes` }),
    status: 200,
  },
  'POST /api/users/:id/notes': {
    as: 'moderator',
    request: () => ({ url: `/api/users/${member.id}/notes`, payload: { body: 'Kind words' } }),
    status: 201,
  },
  'DELETE /api/notes/:id': {
    as: 'moderator',
    request: async () => ({ url: `/api/notes/${await noteId()}` }),
    status: 204,
  },
  'GET /api/presence': {
    as: 'member',
    request: () => ({ url: `/api/presence?ids=${member.id},${moderator.id}` }),
    status: 200,
  },
  'GET /api/users/:id': {
    as: 'member',
    request: () => ({ url: `/api/users/${moderator.id}` }),
    status: 200,
  },
  'GET /api/users/:id/posts': {
    as: 'member',
    request: () => ({ url: `/api/users/${member.id}/posts` }),
    status: 200,
  },
  'POST /api/reports': {
    as: 'member',
    request: () => ({
      url: '/api/reports',
      payload: { targetType: 'user', targetId: moderator.id, reason: 'spam' },
    }),
    status: 201,
  },
  'GET /api/reports': { as: 'moderator', request: () => ({ url: '/api/reports' }), status: 200 },
  'POST /api/reports/:targetType/:targetId/dismiss': {
    as: 'moderator',
    request: async () => ({ url: `/api/reports/post/${await reportedPost()}/dismiss` }),
    status: 204,
  },
  'POST /api/reports/:targetType/:targetId/remove': {
    as: 'moderator',
    request: async () => ({
      url: `/api/reports/post/${await reportedPost()}/remove`,
      payload: { reason: 'spam' },
    }),
    status: 204,
  },
  'POST /api/reports/:targetType/:targetId/ban': {
    as: 'moderator',
    request: async () => {
      const other = await createMember(t);
      const res = await request(t, {
        method: 'POST',
        url: '/api/reports',
        cookie: member.cookie,
        payload: { targetType: 'user', targetId: other.id, reason: 'spam' },
      });
      expect(res.statusCode).toBe(201);
      return { url: `/api/reports/user/${other.id}/ban`, payload: { reason: 'Spam' } };
    },
    status: 204,
  },
  'GET /api/session': { as: 'member', request: () => ({ url: '/api/session' }), status: 200 },
  'GET /api/sections': { as: 'member', request: () => ({ url: '/api/sections' }), status: 200 },
  'GET /api/sections/:slug': {
    as: 'member',
    request: () => ({ url: '/api/sections/general' }),
    status: 200,
  },
  'GET /api/sections/:slug/posts': {
    as: 'member',
    request: () => ({ url: `/api/sections/general/posts?tag=${tagId}&sort=top` }),
    status: 200,
  },
  'GET /api/tags': { as: 'member', request: () => ({ url: '/api/tags' }), status: 200 },
  'POST /api/tags': {
    as: 'moderator',
    request: () => ({ url: '/api/tags', payload: { labels: { en: 'Fresh' } } }),
    status: 201,
  },
  'PATCH /api/tags/:id': {
    as: 'moderator',
    request: () => ({ url: `/api/tags/${tagId}`, payload: { labels: { en: 'Renamed' } } }),
    status: 200,
  },
  'DELETE /api/tags/:id': {
    as: 'moderator',
    request: async () => ({ url: `/api/tags/${await newTag(t, 'Doomed')}` }),
    status: 204,
  },
  'PUT /api/auth/verify/:visitorId': {
    as: 'member',
    request: () => ({ url: '/api/auth/verify/visitor-contract' }),
    status: 204,
  },
};

const key = (route: RouteDef) => `${route.method} ${route.path}`;

describe('the route table, called', () => {
  it('has a call for every route', () => {
    expect(Object.keys(calls).sort()).toEqual(allRoutes.map(key).sort());
  });

  it.each(allRoutes.map((route) => [key(route), route] as const))(
    '%s answers as declared',
    async (_name, route) => {
      const call = calls[key(route)];
      if (!call) throw new Error(`no call for ${key(route)}`);
      const user = call.as === 'member' ? member : moderator;
      const res = await request(t, {
        method: route.method,
        cookie: user.cookie,
        ...(await call.request()),
      });
      expect(res.statusCode, res.body).toBe(call.status);
      if (res.statusCode >= 400) {
        expect(apiErrorSchema.safeParse(res.json()).success).toBe(true);
        return;
      }
      expect(Object.keys(route.responses).map(Number)).toContain(res.statusCode);
      const schema = route.responses[res.statusCode];
      if (!schema) {
        expect(res.body).toBe('');
        return;
      }
      const parsed = schema.safeParse(res.json());
      expect(parsed.error?.issues ?? []).toEqual([]);
    },
  );
});
