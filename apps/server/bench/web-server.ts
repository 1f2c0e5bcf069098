/**
 * The app for `npm run bench:web`, in its own process: a fresh PGlite directory in the temp dir,
 * the demo seed (members, posts with images, comments, status updates), one more post holding a
 * long thread (`--comments` 50 comments with 2 replies each: 150 in all, as the issue measured),
 * then `buildApp` with the built web app + listen on PORT. Prints `BENCH_READY {json}` (a member's
 * e-mail and password, the long thread's post id); SIGTERM closes it and removes the directory.
 * The member is the demo's `mina.park` (the interface in Korean), or the demo member named by
 * `BENCH_MEMBER` (`alex.rivers`: in English).
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { commentReplies, comments, posts } from '../src/db/schema/index.ts';
import { recountCounters } from '../src/demo/counters.ts';
import { demoEmail } from '../src/demo/people.ts';
import { seedDemo } from '../src/demo/seed.ts';
import { queryRows } from '../src/lib/sql.ts';
import { sql } from 'drizzle-orm';
import { benchConfig } from './common.ts';

const port = process.env.PORT;
if (!port) throw new Error('PORT is required');
const threadComments = Number(process.env.BENCH_COMMENTS ?? 50);
const repliesPerComment = 2;

const { config, dataDir } = benchConfig(
  port,
  'atelier-bench-web-',
  process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {},
);

const database = await openDatabase({ url: path.join(dataDir, 'db') });
const { db } = database;
const seeded = await seedDemo(db, { dataDir });
if (!seeded.password) throw new Error('The demo seed did not run');

const body = (n: number) =>
  `Comment **${n}** on the long thread, with a [link](https://example.com) and a list:\n\n- first point;\n- second point.\n\n> A quoted line to render.`;

const members = await queryRows<{ id: string }>(
  db,
  sql`select id from "user" order by created_at limit 12`,
);
const authorOf = (n: number) => members[n % members.length]?.id ?? '';
const started = Date.now() - (threadComments * repliesPerComment + 10) * 60_000;
const postId = await db.transaction(async (tx) => {
  const [post] = await tx
    .insert(posts)
    .values({
      authorId: authorOf(0),
      sectionSlug: 'general',
      title: 'A long thread for the web benchmark',
      body: 'This post has a long thread under it: **50 comments** and 100 replies.',
      provenance: 'human',
      createdAt: new Date(started),
    })
    .returning({ id: posts.id });
  if (!post) throw new Error('no post');
  let minute = 1;
  for (let c = 0; c < threadComments; c++) {
    const [comment] = await tx
      .insert(comments)
      .values({
        postId: post.id,
        authorId: authorOf(c + 1),
        body: body(c + 1),
        createdAt: new Date(started + minute++ * 60_000),
      })
      .returning({ id: comments.id });
    if (!comment) throw new Error('no comment');
    await tx.insert(commentReplies).values(
      Array.from({ length: repliesPerComment }, (_, r) => ({
        commentId: comment.id,
        postId: post.id,
        authorId: authorOf(c + r + 2),
        body: `Reply ${r + 1} to comment ${c + 1}: *agreed*, with a second sentence.`,
        replyingToAuthorId: authorOf(c + 1),
        replyingToExcerpt: `Comment ${c + 1} on the long thread`,
        createdAt: new Date(started + minute++ * 60_000),
      })),
    );
  }
  await recountCounters(tx);
  return post.id;
});

const app = await buildApp({ config, database });
await app.listen({ host: config.HOST, port: config.PORT });
process.stdout.write(
  `BENCH_READY ${JSON.stringify({
    email: demoEmail({ key: process.env.BENCH_MEMBER ?? 'mina.park' }),
    password: seeded.password,
    postId,
    comments: threadComments,
    replies: threadComments * repliesPerComment,
  })}\n`,
);

process.on('SIGTERM', () => {
  void (async () => {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  })();
});
