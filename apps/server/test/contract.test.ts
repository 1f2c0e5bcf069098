/**
 * Every route of the route table, called as a member (a moderator where the route needs one): the
 * answer's status is one the table declares and its body matches the declared schema. A route added
 * to the table without a case here fails the first test.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { allRoutes, apiErrorSchema, type RouteDef } from '@atelier/shared';
import {
  applicationInput,
  createMember,
  createModerator,
  createUser,
  PASSWORD,
  request,
  signIn,
  uniqueName,
  type TestUser,
  send,
} from './factories.ts';
import { useWritersApp } from './context.ts';
import { multipart, newPost, newTag, postInput } from './post-factories.ts';

const t = useWritersApp();
let member: TestUser;
let moderator: TestUser;
let tagId: string;
/** A post with a comment and a reply, a status update with a reply, each liked by the moderator. */
let postId: string;
let commentId: string;
let commentReplyId: string;
let statusId: string;
let statusReplyId: string;

/** POSTs as `as` and returns the new thing's id (throws unless 201). */
async function created(
  url: string,
  payload: Record<string, unknown>,
  as: () => TestUser = () => member,
) {
  const res = await request(t, { method: 'POST', url, cookie: as().cookie, payload });
  if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json<{ id: string }>().id;
}
const newComment = () => created(`/api/posts/${postId}/comments`, { body: 'A comment' });
const newCommentReply = () => created(`/api/comments/${commentId}/replies`, { body: 'A reply' });
const newStatus = () => created('/api/status-updates', { content: 'A status update' });
const newStatusReply = () => created(`/api/status-updates/${statusId}/replies`, { content: 'Yes' });

beforeAll(async () => {
  member = await createMember(t);
  moderator = await createModerator(t);
  postId = (await newPost(t, member)).id;
  tagId = await newTag(t, 'Contract');
  commentId = await newComment();
  commentReplyId = await newCommentReply();
  statusId = await newStatus();
  statusReplyId = await newStatusReply();
  for (const url of [
    `/api/posts/${postId}/like`,
    `/api/comments/${commentId}/like`,
    `/api/comment-replies/${commentReplyId}/like`,
    `/api/status-updates/${statusId}/like`,
    `/api/status-replies/${statusReplyId}/like`,
  ]) {
    const res = await request(t, { method: 'PUT', url, cookie: moderator.cookie });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  }
});

type CallOptions = Omit<InjectOptions, 'method'> & { cookie?: string };

interface Call {
  /** Whose cookie is sent (a `cookie` the request returns wins). */
  as: 'member' | 'moderator';
  request: () => Promise<CallOptions> | CallOptions;
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

/** A verified user without access who applied: the application's id. */
async function pendingApplication(): Promise<string> {
  const applicant = await createUser(t);
  const res = await send(t, applicant, 'POST /api/applications', applicationInput(), 201);
  return res.json<{ id: string }>().id;
}

/** A creator on probation who asked for promotion with a post: the request's id. */
async function pendingPromotion(): Promise<string> {
  const creator = await createUser(t, { roles: ['probation-writer'] });
  const post = await newPost(t, creator);
  const res = await send(t, creator, 'POST /api/promotion-requests', { postIds: [post.id] }, 201);
  return res.json<{ id: string }>().id;
}

const banned = async () => (await createUser(t, { roles: ['banned'] })).id;

const member200 = (url: () => string, payload?: Record<string, unknown>): Call => ({
  as: 'member',
  request: () => ({ url: url(), ...(payload === undefined ? {} : { payload }) }),
  status: 200,
});
const member204 = (url: () => Promise<string>): Call => ({
  as: 'member',
  request: async () => ({ url: await url() }),
  status: 204,
});
/** PUT, DELETE and GET likers of one target. */
const likeCalls = (path: string, id: () => string): Record<string, Call> => ({
  [`PUT /api/${path}/:id/like`]: member200(() => `/api/${path}/${id()}/like`),
  [`DELETE /api/${path}/:id/like`]: member200(() => `/api/${path}/${id()}/like`),
  [`GET /api/${path}/:id/likes`]: member200(() => `/api/${path}/${id()}/likes?limit=5`),
});

/** A like and a mention for the member (so the lists hold real notifications); one's id. */
async function memberNotification(): Promise<string> {
  const post = await newPost(t, member);
  await request(t, { method: 'PUT', url: `/api/posts/${post.id}/like`, cookie: moderator.cookie });
  await request(t, {
    method: 'POST',
    url: `/api/posts/${post.id}/comments`,
    cookie: moderator.cookie,
    payload: { body: `Thanks @${member.username}` },
  });
  await t.app.live.kick();
  const res = await request(t, { method: 'GET', url: '/api/notifications', cookie: member.cookie });
  return res.json<{ id: string }[]>()[0]!.id;
}

async function seriesId(): Promise<string> {
  const res = await request(t, {
    method: 'POST',
    url: '/api/series',
    cookie: member.cookie,
    payload: { title: 'Contract series' },
  });
  return res.json<{ id: string }>().id;
}

/** A post of the member's, in a series of theirs. */
async function postInSeries(): Promise<string> {
  const post = (await newPost(t, member)).id;
  await request(t, {
    method: 'PUT',
    url: `/api/posts/${post}/series`,
    cookie: member.cookie,
    payload: { seriesId: await seriesId() },
  });
  return post;
}

const calls: Record<string, Call> = {
  'GET /api/health': { as: 'member', request: () => ({ url: '/api/health' }), status: 200 },
  'GET /api/health/live': {
    as: 'member',
    request: () => ({ url: '/api/health/live' }),
    status: 200,
  },
  'GET /api/health/ready': {
    as: 'member',
    request: () => ({ url: '/api/health/ready' }),
    status: 200,
  },
  'POST /api/register': {
    as: 'member',
    request: () => {
      const username = uniqueName();
      return {
        url: '/api/register',
        cookie: '',
        payload: { username, email: `${username}@example.com`, password: PASSWORD },
      };
    },
    status: 201,
  },
  'GET /api/me': { as: 'member', request: () => ({ url: '/api/me' }), status: 200 },
  'PATCH /api/me': {
    as: 'member',
    request: () => ({ url: '/api/me', payload: { bio: 'Contract bio' } }),
    status: 200,
  },
  'POST /api/me/avatar': {
    as: 'member',
    request: async () => ({
      url: '/api/me/avatar',
      ...multipart('file', 'a.png', await png(), 'image/png'),
    }),
    status: 200,
  },
  'DELETE /api/me/avatar': {
    as: 'member',
    request: () => ({ url: '/api/me/avatar' }),
    status: 200,
  },
  'GET /api/me/export': { as: 'member', request: () => ({ url: '/api/me/export' }), status: 200 },
  'POST /api/me/deletion': {
    as: 'member',
    request: async () => ({
      url: '/api/me/deletion',
      cookie: (await createMember(t)).cookie,
      payload: { password: PASSWORD, mode: 'keep' },
    }),
    status: 200,
  },
  'DELETE /api/me/deletion': {
    as: 'member',
    request: async () => {
      const leaving = await createMember(t);
      await request(t, {
        method: 'POST',
        url: '/api/me/deletion',
        cookie: leaving.cookie,
        payload: { password: PASSWORD, mode: 'remove' },
      });
      return { url: '/api/me/deletion', cookie: await signIn(t, leaving.email) };
    },
    status: 200,
  },
  'GET /api/search': {
    as: 'member',
    request: () => ({ url: '/api/search?q=contract&kind=all' }),
    status: 200,
  },
  'GET /api/applications/mine': {
    as: 'member',
    request: () => ({ url: '/api/applications/mine' }),
    status: 200,
  },
  'POST /api/applications': {
    as: 'member',
    request: async () => ({
      url: '/api/applications',
      cookie: (await createUser(t)).cookie,
      payload: applicationInput(),
    }),
    status: 201,
  },
  'GET /api/applications': {
    as: 'moderator',
    request: async () => {
      await pendingApplication();
      return { url: '/api/applications?state=pending' };
    },
    status: 200,
  },
  'POST /api/applications/:id/approve': {
    as: 'moderator',
    request: async () => ({
      url: `/api/applications/${await pendingApplication()}/approve`,
      payload: { grantedRole: 'member' },
    }),
    status: 200,
  },
  'POST /api/applications/:id/reject': {
    as: 'moderator',
    request: async () => ({
      url: `/api/applications/${await pendingApplication()}/reject`,
      payload: { note: 'Not yet' },
    }),
    status: 200,
  },
  'GET /api/users/banned': {
    as: 'moderator',
    request: async () => {
      await banned();
      return { url: '/api/users/banned' };
    },
    status: 200,
  },
  'POST /api/users/:id/ban': {
    as: 'moderator',
    request: async () => ({
      url: `/api/users/${(await createMember(t)).id}/ban`,
      payload: { reason: 'Spam' },
    }),
    status: 204,
  },
  'POST /api/users/:id/unban': {
    as: 'moderator',
    request: async () => ({ url: `/api/users/${await banned()}/unban` }),
    status: 204,
  },
  'PUT /api/users/:id/roles': {
    as: 'moderator',
    request: async () => ({
      url: `/api/users/${(await createMember(t)).id}/roles`,
      payload: { roles: ['probation-writer'] },
    }),
    status: 200,
  },
  'POST /api/users/:id/displayed-role/reset': {
    as: 'moderator',
    request: () => ({ url: `/api/users/${member.id}/displayed-role/reset` }),
    status: 200,
  },
  'GET /api/users/:id/shared-visitors': {
    as: 'moderator',
    request: () => ({ url: `/api/users/${member.id}/shared-visitors` }),
    status: 200,
  },
  'POST /api/promotion-requests': {
    as: 'member',
    request: async () => {
      const creator = await createUser(t, { roles: ['probation-writer'] });
      const post = await newPost(t, creator);
      return {
        url: '/api/promotion-requests',
        cookie: creator.cookie,
        payload: { postIds: [post.id], message: 'My best' },
      };
    },
    status: 201,
  },
  'GET /api/promotion-requests/mine': {
    as: 'member',
    request: () => ({ url: '/api/promotion-requests/mine' }),
    status: 200,
  },
  'GET /api/promotion-requests': {
    as: 'moderator',
    request: async () => {
      await pendingPromotion();
      return { url: '/api/promotion-requests' };
    },
    status: 200,
  },
  'POST /api/promotion-requests/:id/approve': {
    as: 'moderator',
    request: async () => ({ url: `/api/promotion-requests/${await pendingPromotion()}/approve` }),
    status: 200,
  },
  'POST /api/promotion-requests/:id/decline': {
    as: 'moderator',
    request: async () => ({
      url: `/api/promotion-requests/${await pendingPromotion()}/decline`,
      payload: { note: 'More work first' },
    }),
    status: 200,
  },
  'POST /api/posts': {
    as: 'member',
    request: () => ({ url: '/api/posts', payload: postInput({ tags: [tagId] }) }),
    status: 201,
  },
  'GET /api/posts/:id': member200(() => `/api/posts/${postId}`),
  'PATCH /api/posts/:id': member200(() => `/api/posts/${postId}`, { title: 'Edited' }),
  'DELETE /api/posts/:id': member204(async () => `/api/posts/${(await newPost(t, member)).id}`),
  'POST /api/posts/:id/views': member200(() => `/api/posts/${postId}/views`),
  'GET /api/posts/:id/versions': member200(() => `/api/posts/${postId}/versions`),
  'GET /api/posts/:id/comments': member200(() => `/api/posts/${postId}/comments`),
  'POST /api/posts/:id/comments': {
    as: 'member',
    request: () => ({ url: `/api/posts/${postId}/comments`, payload: { body: 'Another' } }),
    status: 201,
  },
  'PATCH /api/comments/:id': member200(() => `/api/comments/${commentId}`, { body: 'Edited' }),
  'DELETE /api/comments/:id': member204(async () => `/api/comments/${await newComment()}`),
  'POST /api/comments/:id/replies': {
    as: 'member',
    request: () => ({
      url: `/api/comments/${commentId}/replies`,
      payload: { body: 'Again', replyToId: commentReplyId },
    }),
    status: 201,
  },
  'PATCH /api/comment-replies/:id': member200(() => `/api/comment-replies/${commentReplyId}`, {
    body: 'Edited',
  }),
  'DELETE /api/comment-replies/:id': member204(
    async () => `/api/comment-replies/${await newCommentReply()}`,
  ),
  'GET /api/status-updates': member200(() => `/api/status-updates?author=${member.id}`),
  'POST /api/status-updates': {
    as: 'member',
    request: () => ({ url: '/api/status-updates', payload: { content: 'Hello' } }),
    status: 201,
  },
  'PATCH /api/status-updates/:id': member200(() => `/api/status-updates/${statusId}`, {
    content: 'Edited',
  }),
  'DELETE /api/status-updates/:id': member204(
    async () => `/api/status-updates/${await newStatus()}`,
  ),
  'GET /api/status-updates/:id/replies': member200(() => `/api/status-updates/${statusId}/replies`),
  'POST /api/status-updates/:id/replies': {
    as: 'member',
    request: () => ({
      url: `/api/status-updates/${statusId}/replies`,
      payload: { content: 'Again', replyToId: statusReplyId },
    }),
    status: 201,
  },
  'PATCH /api/status-replies/:id': member200(() => `/api/status-replies/${statusReplyId}`, {
    content: 'Edited',
  }),
  'DELETE /api/status-replies/:id': member204(
    async () => `/api/status-replies/${await newStatusReply()}`,
  ),
  ...likeCalls('posts', () => postId),
  ...likeCalls('comments', () => commentId),
  ...likeCalls('comment-replies', () => commentReplyId),
  ...likeCalls('status-updates', () => statusId),
  ...likeCalls('status-replies', () => statusReplyId),
  'GET /api/notifications': {
    as: 'member',
    request: async () => {
      await memberNotification();
      return { url: '/api/notifications' };
    },
    status: 200,
  },
  'GET /api/notifications/history': {
    as: 'member',
    request: async () => {
      await memberNotification();
      return { url: '/api/notifications/history?limit=2' };
    },
    status: 200,
  },
  'POST /api/notifications/:id/dismiss': {
    as: 'member',
    request: async () => ({ url: `/api/notifications/${await memberNotification()}/dismiss` }),
    status: 200,
  },
  'POST /api/notifications/dismiss-all': {
    as: 'member',
    request: () => ({ url: '/api/notifications/dismiss-all' }),
    status: 200,
  },
  'GET /api/notifications/preferences': {
    as: 'member',
    request: () => ({ url: '/api/notifications/preferences' }),
    status: 200,
  },
  'PUT /api/notifications/preferences': {
    as: 'member',
    request: () => ({ url: '/api/notifications/preferences', payload: { promotion: true } }),
    status: 200,
  },
  'GET /api/users/by-username/:username': {
    as: 'member',
    request: () => ({ url: `/api/users/by-username/${encodeURIComponent(moderator.username)}` }),
    status: 200,
  },
  'POST /api/series': {
    as: 'member',
    request: () => ({ url: '/api/series', payload: { title: 'Saga', description: 'Long' } }),
    status: 201,
  },
  'GET /api/series/mine': {
    as: 'member',
    request: () => ({ url: '/api/series/mine' }),
    status: 200,
  },
  'GET /api/series/:id': {
    as: 'member',
    request: async () => ({ url: `/api/series/${await seriesId()}` }),
    status: 200,
  },
  'PATCH /api/series/:id': {
    as: 'member',
    request: async () => ({
      url: `/api/series/${await seriesId()}`,
      payload: { title: 'Renamed' },
    }),
    status: 200,
  },
  'DELETE /api/series/:id': {
    as: 'moderator',
    request: async () => ({ url: `/api/series/${await seriesId()}` }),
    status: 204,
  },
  'PUT /api/posts/:id/series': {
    as: 'member',
    request: async () => ({
      url: `/api/posts/${(await newPost(t, member)).id}/series`,
      payload: { seriesId: await seriesId(), position: 1 },
    }),
    status: 200,
  },
  'DELETE /api/posts/:id/series': {
    as: 'moderator',
    request: async () => ({ url: `/api/posts/${await postInSeries()}/series` }),
    status: 200,
  },
  'GET /api/posts/:id/credits': {
    as: 'member',
    request: async () => ({ url: `/api/posts/${await postInSeries()}/credits` }),
    status: 200,
  },
  'PUT /api/posts/:id/credits': {
    as: 'member',
    request: async () => ({
      url: `/api/posts/${(await newPost(t, member)).id}/credits`,
      payload: { credits: [{ postId: (await newPost(t, moderator)).id, kind: 'translation' }] },
    }),
    status: 200,
  },
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
      await send(
        t,
        member,
        'POST /api/reports',
        { targetType: 'user', targetId: other.id, reason: 'spam' },
        201,
      );
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
      if (route.responseType) {
        expect(res.headers['content-type']).toBe(route.responseType);
        expect(res.rawPayload.length).toBeGreaterThan(0);
        return;
      }
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
