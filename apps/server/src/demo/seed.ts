/**
 * The demo seed (`npm run demo`, and the first start of an empty embedded database): members with
 * varied roles who sign in with a random password made for this seeding (returned once, stored only
 * as hashes), tags in four languages, posts in every section
 * with Markdown, provenance, tags and generated images, comments and replies, status updates and
 * replies, likes and views — all in ONE transaction, timestamps spread over the last 60 days, and
 * every counter recounted from the rows at the end (demo/counters.ts).
 *
 * Idempotent: when the demo moderator exists, nothing happens. Deterministic content (a seeded
 * PRNG); ids and password hashes are fresh.
 */
import crypto from 'node:crypto';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import { excerptOf, type Language } from '@atelier/shared';
import type { Db, Tx } from '../db/client.ts';
import {
  account,
  commentLikes,
  commentReplies,
  commentReplyLikes,
  comments,
  media,
  postLikes,
  posts,
  postTags,
  postViews,
  session,
  statusReplies,
  statusReplyLikes,
  statusUpdateLikes,
  statusUpdates,
  tags,
  user,
} from '../db/schema/index.ts';
import { displayedRoleFor } from '../lib/roles.ts';
import { queryRows } from '../lib/sql.ts';
import { commentTexts, demoStatuses, replyTexts } from './conversation.ts';
import { recountCounters } from './counters.ts';
import { removeDemoImages, writeDemoImage, type DemoImage } from './images.ts';
import type { MediaStore } from '../lib/storage/index.ts';
import { DEMO_EMAIL_DOMAIN, demoEmail, demoTags, demoUsers } from './people.ts';
import { demoPosts } from './posts.ts';
import { mulberry32 } from './random.ts';
import { usernameKey } from '../auth/username.ts';

export { DEMO_EMAIL_DOMAIN } from './people.ts';

/**
 * A fresh password for the demo members of one seeding: 18 random bytes, base64url (24
 * characters). Never a constant: the demo moderator is a moderator.
 */
export function generateDemoPassword(): string {
  return crypto.randomBytes(18).toString('base64url');
}

export interface SeedOptions {
  /** DATA_DIR: generated images are stored in its media/posts folder, like uploads. */
  dataDir: string;
  /** Where the images go (default: the DATA_DIR/media folder). */
  store?: MediaStore;
  /** "Now" for the timestamps (default: the current time). */
  now?: Date;
}

export interface SeedResult {
  /** False when the demo data was already there (nothing changed). */
  seeded: boolean;
  /**
   * The password every demo member signs in with, when `seeded` (null otherwise). Only its hashes
   * are stored: show it once, it cannot be found again.
   */
  password: string | null;
  users: number;
  tags: number;
  posts: number;
  media: number;
  comments: number;
  commentReplies: number;
  statusUpdates: number;
  statusReplies: number;
  likes: number;
  views: number;
}

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** The address of the demo moderator: its presence means the demo data is there. */
const markerEmail = demoEmail({ key: 'demo-mod' });

export async function isDemoSeeded(db: Tx): Promise<boolean> {
  const rows = await db.select({ id: user.id }).from(user).where(eq(user.email, markerEmail));
  return rows.length > 0;
}

/** True when the database has no users and no posts (a brand-new site). */
export async function isDatabaseEmpty(db: Tx): Promise<boolean> {
  const [row] = await queryRows<{ empty: boolean }>(
    db,
    sql`select not exists (select 1 from "user") and not exists (select 1 from posts) as empty`,
  );
  return row?.empty ?? false;
}

/** A small seeded PRNG (mulberry32): the same demo content on every run. */
function prng(seed: number) {
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  };
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy.slice(0, Math.max(0, count));
  };
  return { next, int, pick, sample };
}

const chunk = <T>(rows: readonly T[], size = 500): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
};

interface Authored {
  id: string;
  authorId: string;
  createdAt: Date;
}

/** Builds every row in memory, writes the images, then inserts everything in one transaction. */
export async function seedDemo(db: Db, options: SeedOptions): Promise<SeedResult> {
  const none: SeedResult = {
    seeded: false,
    password: null,
    users: 0,
    tags: 0,
    posts: 0,
    media: 0,
    comments: 0,
    commentReplies: 0,
    statusUpdates: 0,
    statusReplies: 0,
    likes: 0,
    views: 0,
  };
  if (await isDemoSeeded(db)) return none;

  const now = (options.now ?? new Date()).getTime();
  const rand = prng(2026);
  const between = (from: number, to: number) =>
    new Date(from + rand.next() * Math.max(0, to - from));

  // ---- members ----
  const userRows: (typeof user.$inferInsert)[] = [];
  const accountRows: (typeof account.$inferInsert)[] = [];
  const userIds = new Map<string, string>();
  const password = generateDemoPassword();
  const languageOf = new Map<string, Language>();
  for (const [i, u] of demoUsers.entries()) {
    const id = crypto.randomUUID();
    userIds.set(u.key, id);
    languageOf.set(id, u.language);
    const createdAt = new Date(now - 60 * DAY + i * 3 * HOUR);
    userRows.push({
      id,
      username: u.username,
      usernameSkeleton: usernameKey(u.username),
      email: demoEmail(u),
      emailVerified: true,
      roles: u.roles,
      displayedRole: displayedRoleFor(u.roles),
      claimsModifiedAt: createdAt,
      bio: u.bio,
      links: u.links ?? [],
      language: u.language,
      createdAt,
      updatedAt: createdAt,
    });
    accountRows.push({
      id: crypto.randomUUID(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: await hashPassword(password),
      createdAt,
      updatedAt: createdAt,
    });
  }
  const idOf = (key: string): string => {
    const id = userIds.get(key);
    if (!id) throw new Error(`Unknown demo user ${key}`);
    return id;
  };
  const allUserIds = [...userIds.values()];
  const modId = idOf('demo-mod');
  const usersFirstAt = now - 60 * DAY;

  // ---- tags ----
  const tagIds = new Map(demoTags.map((t) => [t.key, crypto.randomUUID()]));
  const tagId = (key: string): string => {
    const id = tagIds.get(key);
    if (!id) throw new Error(`Unknown demo tag ${key}`);
    return id;
  };
  const tagRows: (typeof tags.$inferInsert)[] = demoTags.map((t, i) => ({
    id: tagId(t.key),
    labels: t.labels,
    type: t.type,
    parents: t.parents.map(tagId),
    createdById: modId,
    createdAt: new Date(usersFirstAt + HOUR + i * 60_000),
  }));

  // ---- posts, their tags, images and views ----
  // Ages spread over the last 59 days, oldest first, so the newest posts are recent.
  const ages = demoPosts.map(() => 2 * HOUR + rand.next() * 57 * DAY).sort((a, b) => b - a);
  const postRows: (typeof posts.$inferInsert)[] = [];
  const postTagRows: (typeof postTags.$inferInsert)[] = [];
  const mediaRows: (typeof media.$inferInsert)[] = [];
  const viewRows: (typeof postViews.$inferInsert)[] = [];
  const postInfo: (Authored & { language: Language })[] = [];
  const images: DemoImage[] = [];
  let imageSeed = 1;
  try {
    for (const [i, p] of demoPosts.entries()) {
      const id = crypto.randomUUID();
      const authorId = idOf(p.author);
      const createdAt = new Date(now - (ages[i] ?? DAY));
      const edited = i % 7 === 3;
      const ids = p.tags.map(tagId);
      postRows.push({
        id,
        authorId,
        sectionSlug: p.section,
        title: p.title,
        body: p.body,
        provenance: p.provenance,
        tools: p.tools ?? '',
        tagIds: ids,
        editionCount: edited ? 1 : 0,
        editionAt: edited
          ? between(createdAt.getTime(), Math.min(now, createdAt.getTime() + DAY))
          : null,
        createdAt,
      });
      for (const t of ids)
        postTagRows.push({ postId: id, tagId: t, sectionSlug: p.section, createdAt });
      for (let position = 0; position < (p.images ?? 0); position++) {
        const image = await writeDemoImage(options.dataDir, imageSeed++, options.store);
        images.push(image);
        mediaRows.push({
          uploaderId: authorId,
          postId: id,
          position,
          kind: 'image',
          key: image.key,
          thumbnailKey: image.thumbnailKey,
          mime: image.mime,
          bytes: image.bytes,
          width: image.width,
          height: image.height,
          createdAt,
        });
      }
      const seen = new Set<string>();
      for (const viewer of rand.sample(allUserIds, rand.int(2, allUserIds.length))) {
        for (let v = rand.int(1, 3); v > 0; v--) {
          const day = between(createdAt.getTime(), now).toISOString().slice(0, 10);
          if (seen.has(`${viewer}/${day}`)) continue;
          seen.add(`${viewer}/${day}`);
          viewRows.push({ postId: id, viewerId: viewer, day });
        }
      }
      postInfo.push({ id, authorId, createdAt, language: p.language });
    }

    // ---- comments and replies ----
    const commentRows: (typeof comments.$inferInsert)[] = [];
    const replyRows: (typeof commentReplies.$inferInsert)[] = [];
    const commentInfo: Authored[] = [];
    const replyInfo: Authored[] = [];
    const speakerFor = (language: Language, exclude: string): string => {
      const same = allUserIds.filter((u) => u !== exclude && languageOf.get(u) === language);
      const others = allUserIds.filter((u) => u !== exclude);
      return rand.next() < 0.7 && same.length ? rand.pick(same) : rand.pick(others);
    };
    for (const post of postInfo) {
      for (let c = rand.int(0, 4); c > 0; c--) {
        const id = crypto.randomUUID();
        const authorId = speakerFor(post.language, post.authorId);
        const createdAt = between(post.createdAt.getTime(), now - HOUR);
        const body = rand.pick(commentTexts[post.language]);
        commentRows.push({ id, postId: post.id, authorId, body, createdAt });
        commentInfo.push({ id, authorId, createdAt });
        let target = { replyId: null as string | null, authorId, body, at: createdAt.getTime() };
        for (let r = rand.next() < 0.5 ? rand.int(1, 2) : 0; r > 0; r--) {
          const replyId = crypto.randomUUID();
          const replier =
            rand.next() < 0.5 && post.authorId !== target.authorId
              ? post.authorId
              : speakerFor(post.language, target.authorId);
          const replyAt = between(target.at, now - 60_000);
          const replyBody = rand.pick(replyTexts[post.language]);
          replyRows.push({
            id: replyId,
            commentId: id,
            postId: post.id,
            authorId: replier,
            body: replyBody,
            replyingToReplyId: target.replyId,
            replyingToAuthorId: target.authorId,
            replyingToExcerpt: excerptOf(target.body),
            createdAt: replyAt,
          });
          replyInfo.push({ id: replyId, authorId: replier, createdAt: replyAt });
          target = { replyId, authorId: replier, body: replyBody, at: replyAt.getTime() };
        }
      }
    }

    // ---- status updates and replies ----
    const statusRows: (typeof statusUpdates.$inferInsert)[] = [];
    const statusReplyRows: (typeof statusReplies.$inferInsert)[] = [];
    const statusInfo: Authored[] = [];
    const statusReplyInfo: Authored[] = [];
    const statusAges = demoStatuses.map(() => HOUR + rand.next() * 58 * DAY).sort((a, b) => b - a);
    for (const [i, s] of demoStatuses.entries()) {
      const id = crypto.randomUUID();
      const authorId = idOf(s.author);
      const createdAt = new Date(now - (statusAges[i] ?? DAY));
      const language = languageOf.get(authorId) ?? 'en';
      const edited = i % 6 === 2;
      statusRows.push({
        id,
        authorId,
        content: s.content,
        editionCount: edited ? 1 : 0,
        editionAt: edited
          ? between(createdAt.getTime(), Math.min(now, createdAt.getTime() + HOUR))
          : null,
        createdAt,
      });
      statusInfo.push({ id, authorId, createdAt });
      let target = {
        replyId: null as string | null,
        authorId,
        content: s.content,
        at: createdAt.getTime(),
      };
      for (let r = rand.int(0, 3); r > 0; r--) {
        const replyId = crypto.randomUUID();
        const replier = speakerFor(language, target.authorId);
        const replyAt = between(target.at, now - 60_000);
        const content = rand.pick(replyTexts[language]);
        statusReplyRows.push({
          id: replyId,
          statusId: id,
          authorId: replier,
          content,
          replyingToReplyId: target.replyId,
          replyingToAuthorId: target.authorId,
          replyingToContent: target.content,
          createdAt: replyAt,
        });
        statusReplyInfo.push({ id: replyId, authorId: replier, createdAt: replyAt });
        // Most replies answer the status update itself; some answer the previous reply.
        if (rand.next() < 0.4)
          target = { replyId, authorId: replier, content, at: replyAt.getTime() };
      }
    }

    // ---- likes: never by the author, after the thing liked ----
    const likesOf = (items: readonly Authored[], max: number) =>
      items.flatMap((item) =>
        rand
          .sample(
            allUserIds.filter((u) => u !== item.authorId),
            rand.int(0, max),
          )
          .map((userId) => ({
            targetId: item.id,
            userId,
            createdAt: between(item.createdAt.getTime(), now),
          })),
      );
    const likeSets = {
      posts: likesOf(postInfo, 9),
      comments: likesOf(commentInfo, 4),
      replies: likesOf(replyInfo, 2),
      statuses: likesOf(statusInfo, 6),
      statusReplies: likesOf(statusReplyInfo, 2),
    };

    const inserted = await db.transaction(async (tx) => {
      // Another process may have seeded meanwhile (two first starts cannot happen on PGlite,
      // which is locked, but `npm run demo` twice on PostgreSQL can).
      if (await isDemoSeeded(tx)) return false;
      const insert = async <T>(rows: readonly T[], run: (part: T[]) => Promise<unknown>) => {
        for (const part of chunk(rows)) await run(part);
      };
      await insert(userRows, (part) => tx.insert(user).values(part));
      await insert(accountRows, (part) => tx.insert(account).values(part));
      await insert(tagRows, (part) => tx.insert(tags).values(part));
      await insert(postRows, (part) => tx.insert(posts).values(part));
      await insert(postTagRows, (part) => tx.insert(postTags).values(part));
      await insert(mediaRows, (part) => tx.insert(media).values(part));
      await insert(viewRows, (part) => tx.insert(postViews).values(part));
      await insert(commentRows, (part) => tx.insert(comments).values(part));
      await insert(replyRows, (part) => tx.insert(commentReplies).values(part));
      await insert(statusRows, (part) => tx.insert(statusUpdates).values(part));
      await insert(statusReplyRows, (part) => tx.insert(statusReplies).values(part));
      await insert(likeSets.posts, (part) => tx.insert(postLikes).values(part));
      await insert(likeSets.comments, (part) => tx.insert(commentLikes).values(part));
      await insert(likeSets.replies, (part) => tx.insert(commentReplyLikes).values(part));
      await insert(likeSets.statuses, (part) => tx.insert(statusUpdateLikes).values(part));
      await insert(likeSets.statusReplies, (part) => tx.insert(statusReplyLikes).values(part));
      await recountCounters(tx);
      return true;
    });
    if (!inserted) {
      await removeDemoImages(options.dataDir, images, options.store);
      return none;
    }
    return {
      seeded: true,
      password,
      users: userRows.length,
      tags: tagRows.length,
      posts: postRows.length,
      media: mediaRows.length,
      comments: commentRows.length,
      commentReplies: replyRows.length,
      statusUpdates: statusRows.length,
      statusReplies: statusReplyRows.length,
      likes: Object.values(likeSets).reduce((n, set) => n + set.length, 0),
      views: viewRows.length,
    };
  } catch (err) {
    await removeDemoImages(options.dataDir, images, options.store);
    throw err;
  }
}

/**
 * Gives every demo member a new random password (the old one stops working, their sessions end),
 * in one transaction; returns it, or null when there is no demo member.
 */
export async function newDemoPassword(db: Db): Promise<string | null> {
  const members = await db
    .select({ id: user.id })
    .from(user)
    .where(like(user.email, `%@${DEMO_EMAIL_DOMAIN}`));
  if (members.length === 0) return null;
  const ids = members.map((m) => m.id);
  const password = generateDemoPassword();
  const hashes = await Promise.all(ids.map(() => hashPassword(password)));
  await db.transaction(async (tx) => {
    for (const [i, id] of ids.entries()) {
      await tx
        .update(account)
        .set({ password: hashes[i], updatedAt: new Date() })
        .where(and(eq(account.userId, id), eq(account.providerId, 'credential')));
    }
    await tx.delete(session).where(inArray(session.userId, ids));
  });
  return password;
}

/** One line for logs and the CLI. */
export function describeSeed(r: SeedResult): string {
  return `${r.users} members, ${r.tags} tags, ${r.posts} posts (${r.media} images), ${r.comments} comments, ${r.commentReplies} comment replies, ${r.statusUpdates} status updates, ${r.statusReplies} status replies, ${r.likes} likes, ${r.views} views`;
}
