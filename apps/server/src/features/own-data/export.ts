/**
 * Export of one's own data (issue 11 item 7): a ZIP of JSON files (profile, posts, comments,
 * comment replies, status updates and their replies, likes given, applications, notifications,
 * series and credits)
 * and the media files the user uploaded (post media, thumbnails, avatar), streamed from the media
 * store (local folder or S3) one file at a time.
 */
import { PassThrough, Readable } from 'node:stream';
import { asc, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import yazl from 'yazl';
import type { Db } from '../../db/client.ts';
import {
  applications,
  commentReplies,
  comments,
  media,
  notifications,
  postCredits,
  posts,
  series,
  seriesPosts,
  statusReplies,
  statusUpdates,
  user,
} from '../../db/schema/index.ts';
import type { MediaStore } from '../../lib/storage/index.ts';
import { notFound } from '../../lib/errors.ts';
import { likeTables } from '../likes/service.ts';
import { AVATAR_URL_PREFIX } from '../users/avatar.ts';

export interface ExportData {
  /** JSON files by name (e.g. `posts.json`). */
  files: Record<string, unknown>;
  /** Media keys in the store with the path they take in the ZIP. */
  mediaFiles: { key: string; path: string }[];
}

/** A table whose rows one owns, exported as they are (chosen columns, oldest first). */
interface OwnedRows {
  file: string;
  /** What the file holds, for the README. */
  about: string;
  table: PgTable;
  owner: PgColumn;
  order: PgColumn;
  columns: readonly string[];
}

/** The files that are a plain selection of one's rows; the others are assembled below. */
const ownedRows: OwnedRows[] = [
  {
    file: 'comments.json',
    about: 'the comments you wrote',
    table: comments,
    owner: comments.authorId,
    order: comments.createdAt,
    columns: [
      'id',
      'postId',
      'body',
      'likeCount',
      'replyCount',
      'editionCount',
      'editionAt',
      'deletedAt',
      'createdAt',
    ],
  },
  {
    file: 'comment-replies.json',
    about: 'your replies to comments',
    table: commentReplies,
    owner: commentReplies.authorId,
    order: commentReplies.createdAt,
    columns: [
      'id',
      'commentId',
      'postId',
      'body',
      'replyingToReplyId',
      'likeCount',
      'editionCount',
      'editionAt',
      'createdAt',
    ],
  },
  {
    file: 'status-updates.json',
    about: 'your status updates',
    table: statusUpdates,
    owner: statusUpdates.authorId,
    order: statusUpdates.createdAt,
    columns: ['id', 'content', 'likeCount', 'replyCount', 'editionCount', 'editionAt', 'createdAt'],
  },
  {
    file: 'status-update-replies.json',
    about: 'your replies to status updates',
    table: statusReplies,
    owner: statusReplies.authorId,
    order: statusReplies.createdAt,
    columns: [
      'id',
      'statusId',
      'content',
      'replyingToReplyId',
      'likeCount',
      'editionCount',
      'editionAt',
      'createdAt',
    ],
  },
  {
    file: 'applications.json',
    about: 'your access applications',
    table: applications,
    owner: applications.applicantId,
    order: applications.createdAt,
    columns: [
      'id',
      'requestedType',
      'aboutYou',
      'whyJoin',
      'links',
      'state',
      'decisionNote',
      'grantedRole',
      'createdAt',
      'decidedAt',
    ],
  },
  {
    file: 'notifications.json',
    about: 'your notifications',
    table: notifications,
    owner: notifications.recipientId,
    order: notifications.createdAt,
    columns: [
      'id',
      'type',
      'authorId',
      'postId',
      'postTitle',
      'commentId',
      'replyId',
      'statusId',
      'content',
      'repliedContent',
      'reason',
      'otherReason',
      'dismissed',
      'createdAt',
    ],
  },
];

/** The ZIP's files in order, with what each holds (README.txt). */
const contents: [file: string, about: string][] = [
  ['profile.json', 'your profile'],
  ['posts.json', 'your posts, with their media files'],
  ['media.json', 'the files you uploaded (in media/)'],
  ...ownedRows.map((o): [string, string] => [o.file, o.about]),
  ['likes.json', 'the likes you gave'],
  ['series.json', 'your series and their chapters'],
  ['credits.json', 'the posts your posts credit'],
];

function pick<T extends PgTable, K extends keyof T['_']['columns'] & string>(
  table: T,
  names: readonly K[],
): Pick<T['_']['columns'], K> {
  const all = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, all[name]])) as Pick<T['_']['columns'], K>;
}

/** Everything the export holds, read in one transaction (a consistent snapshot). */
export async function collectExport(db: Db, userId: string): Promise<ExportData> {
  return db.transaction(async (tx) => {
    const [profile] = await tx
      .select(
        pick(user, [
          'id',
          'username',
          'email',
          'emailVerified',
          'avatarPath',
          'roles',
          'displayedRole',
          'bio',
          'links',
          'language',
          'banReason',
          'createdAt',
          'updatedAt',
          'usernameChangedAt',
          'lastSeenAt',
          'deletionRequestedAt',
          'deletionMode',
        ]),
      )
      .from(user)
      .where(eq(user.id, userId));
    if (!profile) throw notFound('errors.userNotFound');
    const { avatarPath } = profile;

    const postRows = await tx
      .select({
        section: posts.sectionSlug,
        ...pick(posts, [
          'id',
          'title',
          'body',
          'provenance',
          'tools',
          'tagIds',
          'state',
          'removalReason',
          'likeCount',
          'commentCount',
          'viewCount',
          'editionCount',
          'editionAt',
          'createdAt',
        ]),
      })
      .from(posts)
      .where(eq(posts.authorId, userId))
      .orderBy(asc(posts.createdAt));
    const mediaRows = await tx
      .select(
        pick(media, [
          'id',
          'postId',
          'position',
          'kind',
          'key',
          'thumbnailKey',
          'mime',
          'bytes',
          'width',
          'height',
          'createdAt',
        ]),
      )
      .from(media)
      .where(eq(media.uploaderId, userId))
      .orderBy(asc(media.createdAt), asc(media.position));
    const owned: Record<string, unknown> = {};
    for (const o of ownedRows) {
      owned[o.file] = await tx
        .select(pick(o.table, o.columns))
        .from(o.table)
        .where(eq(o.owner, userId))
        .orderBy(asc(o.order));
    }
    const likes: { target: string; targetId: string; createdAt: Date }[] = [];
    for (const [target, table] of likeTables) {
      const rows = await tx
        .select({ targetId: table.targetId, createdAt: table.createdAt })
        .from(table)
        .where(eq(table.userId, userId))
        .orderBy(asc(table.createdAt));
      for (const r of rows) likes.push({ target, ...r });
    }

    // Series and credits (issue 11 item 8): one's series with their chapters in order, and the
    // credits one's posts give (the sources may be others' posts: their ids and titles).
    const seriesRows = await tx
      .select(pick(series, ['id', 'title', 'description', 'createdAt']))
      .from(series)
      .where(eq(series.authorId, userId))
      .orderBy(asc(series.createdAt));
    const chapterRows = await tx
      .select({ seriesId: seriesPosts.seriesId, postId: seriesPosts.postId })
      .from(seriesPosts)
      .innerJoin(series, eq(series.id, seriesPosts.seriesId))
      .where(eq(series.authorId, userId))
      .orderBy(asc(seriesPosts.position));
    const creditRows = await tx
      .select({
        postId: postCredits.postId,
        sourceId: postCredits.sourceId,
        kind: postCredits.kind,
        sourceTitle: posts.title,
        createdAt: postCredits.createdAt,
      })
      .from(postCredits)
      .innerJoin(posts, eq(posts.id, postCredits.sourceId))
      .where(
        inArray(
          postCredits.postId,
          tx.select({ id: posts.id }).from(posts).where(eq(posts.authorId, userId)),
        ),
      )
      .orderBy(asc(postCredits.createdAt));

    const mediaFiles: ExportData['mediaFiles'] = [];
    const fileOf = (key: string) => `media/${key}`;
    for (const m of mediaRows) {
      mediaFiles.push({ key: m.key, path: fileOf(m.key) });
      if (m.thumbnailKey) mediaFiles.push({ key: m.thumbnailKey, path: fileOf(m.thumbnailKey) });
    }
    if (avatarPath?.startsWith(AVATAR_URL_PREFIX)) {
      const key = `avatars/${avatarPath.slice(AVATAR_URL_PREFIX.length)}`;
      mediaFiles.push({ key, path: fileOf(key) });
    }
    const mediaByPost = new Map<
      string,
      { kind: string; file: string; thumbnail: string | null }[]
    >();
    for (const m of mediaRows) {
      if (!m.postId) continue;
      const list = mediaByPost.get(m.postId) ?? [];
      list.push({
        kind: m.kind,
        file: fileOf(m.key),
        thumbnail: m.thumbnailKey ? fileOf(m.thumbnailKey) : null,
      });
      mediaByPost.set(m.postId, list);
    }

    const assembled: Record<string, unknown> = {
      ...owned,
      'profile.json': profile,
      'posts.json': postRows.map((p) => ({ ...p, media: mediaByPost.get(p.id) ?? [] })),
      'media.json': mediaRows.map(({ key, thumbnailKey, ...m }) => ({
        ...m,
        file: fileOf(key),
        thumbnail: thumbnailKey ? fileOf(thumbnailKey) : null,
      })),
      'likes.json': likes,
      'series.json': seriesRows.map((s) => ({
        ...s,
        chapters: chapterRows.filter((c) => c.seriesId === s.id).map((c) => c.postId),
      })),
      'credits.json': creditRows,
    };
    return {
      files: Object.fromEntries(contents.map(([file]) => [file, assembled[file]])),
      mediaFiles,
    };
  });
}

/**
 * The ZIP as a stream: the JSON files first, then each media file streamed from the store when
 * its turn comes (a missing object is left out). Media are stored uncompressed (already
 * compressed formats); JSON is deflated.
 */
export async function exportZip(data: ExportData, store: MediaStore): Promise<Readable> {
  const zip = new yazl.ZipFile();
  const mtime = new Date();
  const readme = [
    'Atelier: your data',
    '',
    ...contents.map(([file, about]) => `${file}: ${about}`),
    'media/: the files you uploaded',
    '',
  ].join('\n');
  zip.addBuffer(Buffer.from(readme), 'README.txt', { mtime });
  for (const [name, value] of Object.entries(data.files)) {
    zip.addBuffer(Buffer.from(JSON.stringify(value, null, 2)), name, { mtime });
  }
  const present = await Promise.all(
    data.mediaFiles.map(async (f) => ({ ...f, head: await store.head(f.key) })),
  );
  for (const f of present) {
    if (!f.head) continue;
    const { key } = f;
    zip.addReadStreamLazy(f.path, { mtime, compress: false, size: f.head.size }, (cb) => {
      store.getStream(key).then(
        (object) => cb(null, object ? object.body : Readable.from([])),
        (err: unknown) => cb(err, new PassThrough()),
      );
    });
  }
  zip.end();
  const out = new PassThrough();
  zip.outputStream.pipe(out);
  zip.on('error', (err: Error) => out.destroy(err));
  return out;
}
