/** Helpers for the posts, media, tags, search and sections tests. */
import { expect } from 'vitest';
import { tags } from '../src/db/schema/index.ts';
import { request, type TestUser } from './factories.ts';
import type { TestApp } from './helpers.ts';

export function postInput(overrides: Record<string, unknown> = {}) {
  return {
    section: 'general',
    title: 'A post',
    body: 'Some **Markdown** body.',
    provenance: 'human',
    ...overrides,
  };
}

export function createPost(
  t: TestApp,
  u: Pick<TestUser, 'cookie'>,
  overrides: Record<string, unknown> = {},
) {
  return request(t, {
    method: 'POST',
    url: '/api/posts',
    cookie: u.cookie,
    payload: postInput(overrides),
  });
}

/** Creates a post and returns its body (throws unless 201). */
export async function newPost(
  t: TestApp,
  u: Pick<TestUser, 'cookie'>,
  overrides: Record<string, unknown> = {},
) {
  const res = await createPost(t, u, overrides);
  if (res.statusCode !== 201) throw new Error(`create post failed: ${res.statusCode} ${res.body}`);
  return res.json<{ id: string } & Record<string, unknown>>();
}

/** A tag inserted directly (tags.test.ts covers the endpoint). */
export async function newTag(
  t: TestApp,
  en: string,
  extra: { parents?: string[]; ko?: string } = {},
): Promise<string> {
  const [row] = await t.database.db
    .insert(tags)
    .values({ labels: { en, ...(extra.ko ? { ko: extra.ko } : {}) }, parents: extra.parents ?? [] })
    .returning({ id: tags.id });
  if (!row) throw new Error('no tag');
  return row.id;
}

export function multipart(
  field: string,
  filename: string,
  content: Buffer,
  type = 'application/octet-stream',
) {
  const boundary = `----atelier${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POSTs `content` as the multipart field `file` to `url` (a media upload, or an avatar's). */
export function upload(
  t: TestApp,
  u: Pick<TestUser, 'cookie'>,
  filename: string,
  content: Buffer,
  type?: string,
  url: '/api/media' | '/api/me/avatar' = '/api/media',
) {
  return request(t, {
    method: 'POST',
    url,
    cookie: u.cookie,
    ...multipart('file', filename, content, type),
  });
}

/** POSTs `payload` to `url` as `u`, expects 201 and returns the new item's id. */
export async function createdId(
  t: TestApp,
  u: Pick<TestUser, 'cookie'>,
  url: string,
  payload: Record<string, unknown>,
): Promise<string> {
  const res = await request(t, { method: 'POST', url, cookie: u.cookie, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

/** A comment on a post (its id; expects 201). */
export const newComment = (t: TestApp, u: Pick<TestUser, 'cookie'>, postId: string, body: string) =>
  createdId(t, u, `/api/posts/${postId}/comments`, { body });

/** A status update (its id; expects 201). */
export const newStatus = (t: TestApp, u: Pick<TestUser, 'cookie'>, content: string) =>
  createdId(t, u, '/api/status-updates', { content });

/**
 * A reply (its id; expects 201) to a comment (its `body`) or a status update (its `content`), or
 * to `replyToId` in that thread.
 */
export function newReply(
  t: TestApp,
  u: Pick<TestUser, 'cookie'>,
  parent: 'comment' | 'status',
  parentId: string,
  text: string,
  replyToId: string | null = null,
): Promise<string> {
  return parent === 'comment'
    ? createdId(t, u, `/api/comments/${parentId}/replies`, { body: text, replyToId })
    : createdId(t, u, `/api/status-updates/${parentId}/replies`, { content: text, replyToId });
}
