/**
 * Export of one's own data (issue 11 item 7): a ZIP of JSON files (profile, posts, comments,
 * comment replies, status updates and their replies, likes given, applications, notifications,
 * series and credits)
 * and the media files the user uploaded (post media, thumbnails, avatar), streamed from the media
 * store (local folder or S3) one file at a time.
 */
import { PassThrough, Readable } from 'node:stream';
import { asc, eq, inArray } from 'drizzle-orm';
import yazl from 'yazl';
import type { Db } from '../../db/client.ts';
import {
  applications,
  commentLikes,
  commentReplies,
  commentReplyLikes,
  comments,
  media,
  notifications,
  postLikes,
  postCredits,
  posts,
  series,
  seriesPosts,
  statusReplies,
  statusReplyLikes,
  statusUpdateLikes,
  statusUpdates,
  user,
} from '../../db/schema/index.ts';
import type { MediaStore } from '../../lib/storage/index.ts';
import { notFound } from '../../lib/errors.ts';
import { AVATAR_URL_PREFIX } from '../users/avatar.ts';

export interface ExportData {
  /** JSON files by name (e.g. `posts.json`). */
  files: Record<string, unknown>;
  /** Media keys in the store with the path they take in the ZIP. */
  mediaFiles: { key: string; path: string }[];
}

/** Everything the export holds, read in one transaction (a consistent snapshot). */
export async function collectExport(db: Db, userId: string): Promise<ExportData> {
  return db.transaction(async (tx) => {
    const [profile] = await tx
      .select({
        id: user.id,
        username: user.username,
        email: user.email,
        emailVerified: user.emailVerified,
        avatarPath: user.avatarPath,
        roles: user.roles,
        displayedRole: user.displayedRole,
        bio: user.bio,
        links: user.links,
        language: user.language,
        banReason: user.banReason,
        createdAt: user.createdAt,
        updatedAt: user.updatedAt,
        usernameChangedAt: user.usernameChangedAt,
        lastSeenAt: user.lastSeenAt,
        deletionRequestedAt: user.deletionRequestedAt,
        deletionMode: user.deletionMode,
      })
      .from(user)
      .where(eq(user.id, userId));
    if (!profile) throw notFound('errors.userNotFound');

    const postRows = await tx
      .select({
        id: posts.id,
        section: posts.sectionSlug,
        title: posts.title,
        body: posts.body,
        provenance: posts.provenance,
        tools: posts.tools,
        tagIds: posts.tagIds,
        state: posts.state,
        removalReason: posts.removalReason,
        likeCount: posts.likeCount,
        commentCount: posts.commentCount,
        viewCount: posts.viewCount,
        editionCount: posts.editionCount,
        editionAt: posts.editionAt,
        createdAt: posts.createdAt,
      })
      .from(posts)
      .where(eq(posts.authorId, userId))
      .orderBy(asc(posts.createdAt));
    const mediaRows = await tx
      .select({
        id: media.id,
        postId: media.postId,
        position: media.position,
        kind: media.kind,
        key: media.key,
        thumbnailKey: media.thumbnailKey,
        mime: media.mime,
        bytes: media.bytes,
        width: media.width,
        height: media.height,
        createdAt: media.createdAt,
      })
      .from(media)
      .where(eq(media.uploaderId, userId))
      .orderBy(asc(media.createdAt), asc(media.position));
    const commentRows = await tx
      .select({
        id: comments.id,
        postId: comments.postId,
        body: comments.body,
        likeCount: comments.likeCount,
        replyCount: comments.replyCount,
        editionCount: comments.editionCount,
        editionAt: comments.editionAt,
        deletedAt: comments.deletedAt,
        createdAt: comments.createdAt,
      })
      .from(comments)
      .where(eq(comments.authorId, userId))
      .orderBy(asc(comments.createdAt));
    const replyRows = await tx
      .select({
        id: commentReplies.id,
        commentId: commentReplies.commentId,
        postId: commentReplies.postId,
        body: commentReplies.body,
        replyingToReplyId: commentReplies.replyingToReplyId,
        likeCount: commentReplies.likeCount,
        editionCount: commentReplies.editionCount,
        editionAt: commentReplies.editionAt,
        createdAt: commentReplies.createdAt,
      })
      .from(commentReplies)
      .where(eq(commentReplies.authorId, userId))
      .orderBy(asc(commentReplies.createdAt));
    const statusRows = await tx
      .select({
        id: statusUpdates.id,
        content: statusUpdates.content,
        likeCount: statusUpdates.likeCount,
        replyCount: statusUpdates.replyCount,
        editionCount: statusUpdates.editionCount,
        editionAt: statusUpdates.editionAt,
        createdAt: statusUpdates.createdAt,
      })
      .from(statusUpdates)
      .where(eq(statusUpdates.authorId, userId))
      .orderBy(asc(statusUpdates.createdAt));
    const statusReplyRows = await tx
      .select({
        id: statusReplies.id,
        statusId: statusReplies.statusId,
        content: statusReplies.content,
        replyingToReplyId: statusReplies.replyingToReplyId,
        likeCount: statusReplies.likeCount,
        editionCount: statusReplies.editionCount,
        editionAt: statusReplies.editionAt,
        createdAt: statusReplies.createdAt,
      })
      .from(statusReplies)
      .where(eq(statusReplies.authorId, userId))
      .orderBy(asc(statusReplies.createdAt));
    const likeTables = [
      ['post', postLikes],
      ['comment', commentLikes],
      ['commentReply', commentReplyLikes],
      ['statusUpdate', statusUpdateLikes],
      ['statusReply', statusReplyLikes],
    ] as const;
    const likes: { target: string; targetId: string; createdAt: Date }[] = [];
    for (const [target, table] of likeTables) {
      const rows = await tx
        .select({ targetId: table.targetId, createdAt: table.createdAt })
        .from(table)
        .where(eq(table.userId, userId))
        .orderBy(asc(table.createdAt));
      for (const r of rows) likes.push({ target, ...r });
    }
    const applicationRows = await tx
      .select({
        id: applications.id,
        requestedType: applications.requestedType,
        aboutYou: applications.aboutYou,
        whyJoin: applications.whyJoin,
        links: applications.links,
        state: applications.state,
        decisionNote: applications.decisionNote,
        grantedRole: applications.grantedRole,
        createdAt: applications.createdAt,
        decidedAt: applications.decidedAt,
      })
      .from(applications)
      .where(eq(applications.applicantId, userId))
      .orderBy(asc(applications.createdAt));
    const notificationRows = await tx
      .select({
        id: notifications.id,
        type: notifications.type,
        authorId: notifications.authorId,
        postId: notifications.postId,
        postTitle: notifications.postTitle,
        commentId: notifications.commentId,
        replyId: notifications.replyId,
        statusId: notifications.statusId,
        content: notifications.content,
        repliedContent: notifications.repliedContent,
        reason: notifications.reason,
        otherReason: notifications.otherReason,
        dismissed: notifications.dismissed,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .where(eq(notifications.recipientId, userId))
      .orderBy(asc(notifications.createdAt));

    // Series and credits (issue 11 item 8): one's series with their chapters in order, and the
    // credits one's posts give (the sources may be others' posts: their ids and titles).
    const seriesRows = await tx
      .select({
        id: series.id,
        title: series.title,
        description: series.description,
        createdAt: series.createdAt,
      })
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
    if (profile.avatarPath?.startsWith(AVATAR_URL_PREFIX)) {
      const key = `avatars/${profile.avatarPath.slice(AVATAR_URL_PREFIX.length)}`;
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

    return {
      files: {
        'profile.json': profile,
        'posts.json': postRows.map((p) => ({ ...p, media: mediaByPost.get(p.id) ?? [] })),
        'media.json': mediaRows.map(({ key, thumbnailKey, ...m }) => ({
          ...m,
          file: fileOf(key),
          thumbnail: thumbnailKey ? fileOf(thumbnailKey) : null,
        })),
        'comments.json': commentRows,
        'comment-replies.json': replyRows,
        'status-updates.json': statusRows,
        'status-update-replies.json': statusReplyRows,
        'likes.json': likes,
        'applications.json': applicationRows,
        'notifications.json': notificationRows,
        'series.json': seriesRows.map((s) => ({
          ...s,
          chapters: chapterRows.filter((c) => c.seriesId === s.id).map((c) => c.postId),
        })),
        'credits.json': creditRows,
      },
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
    'profile.json: your profile; posts.json: your posts (with their media files);',
    'comments.json, comment-replies.json, status-updates.json, status-update-replies.json: what you wrote;',
    'likes.json: the likes you gave; applications.json: your access applications;',
    'notifications.json: your notifications; series.json: your series and their chapters;',
    'credits.json: the posts your posts credit; media/: the files you uploaded.',
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
