/**
 * Domain events: each mutation records what happened in its own transaction (`recordEvent(tx, …)`),
 * so an event exists if and only if the change committed. The dispatcher derives notifications
 * and live pushes from them after commit (dispatcher.ts).
 */
import type { LikeTargetType, MentionTargetType } from '@atelier/shared';
import type { Tx } from '../db/client.ts';
import { domainEvents } from '../db/schema/index.ts';

/** What a notification about a post shows. */
export interface EventPost {
  postId: string;
  postAuthorId: string;
  title: string;
}

export interface DomainEventMap {
  /** A comment on a post; notifies the post's author. */
  'comment.created': {
    recipientId: string;
    post: EventPost;
    commentId: string;
    content: string;
  };
  /** A reply to a comment or to a reply; notifies the author of what was replied to. */
  'commentReply.created': {
    recipientId: string;
    post: EventPost;
    commentId: string;
    replyId: string;
    content: string;
    repliedContent: string;
  };
  /** A reply to a status update or to a reply under one; notifies the replied author. */
  'statusReply.created': {
    recipientId: string;
    statusId: string;
    replyId: string;
    content: string;
    repliedContent: string;
  };
  /** A moderator removed a post; notifies its author (postRemoval). */
  'post.removed': {
    recipientId: string;
    post: EventPost;
    /** One of the report reasons (shared `reportReasons`), `other` with otherReason. */
    reason: string;
    otherReason: string | null;
  };
  /**
   * `@recipient` written in a post, a comment or a reply (on creation, or newly added by an edit);
   * one event per mentioned user who can see the item (features/notifications/mentions.ts).
   */
  'mention.created': {
    recipientId: string;
    target: MentionTargetType;
    post: EventPost;
    commentId: string | null;
    replyId: string | null;
    content: string;
  };
  /**
   * Someone liked the recipient's item (only when a like was really added); the dispatcher folds
   * it into the recipient's undismissed like notification of that item, if there is one.
   */
  'like.added': {
    recipientId: string;
    target: LikeTargetType;
    targetId: string;
    post: EventPost | null;
    statusId: string | null;
    commentId: string | null;
    replyId: string | null;
    content: string;
  };
  /** Posts (home: section counts and last posts; tags: post counts; the post's room). */
  'post.created': { postId: string; sectionSlug: string; tagIds: string[] };
  'post.updated': { postId: string; tagsChanged: boolean };
  'post.deleted': { postId: string; tagIds: string[] };
  /**
   * A post credited another (translation, remix, inspiration: shared `creditKinds`); notifies the
   * source's author (`credit`). `post` is the crediting post.
   */
  'post.credited': {
    recipientId: string;
    post: EventPost;
    sourceId: string;
    sourceTitle: string;
    kind: string;
  };
  /** The series place or credits shown on these posts' pages changed (their rooms). */
  'post.creditsChanged': { postIds: string[] };
  /** Comments and replies under a post (its room; home: the comment count). */
  'comment.updated': { postId: string; commentId: string };
  'comment.deleted': { postId: string; commentId: string };
  'commentReply.updated': { postId: string; commentId: string; replyId: string };
  'commentReply.deleted': { postId: string; commentId: string; replyId: string };
  /** Status updates and their replies (status-updates room; home: recent ones and the count). */
  'statusUpdate.created': { statusId: string };
  'statusUpdate.updated': { statusId: string };
  'statusUpdate.deleted': { statusId: string };
  'statusReply.updated': { statusId: string; replyId: string };
  'statusReply.deleted': { statusId: string; replyId: string };
  /**
   * A like was added or taken back (only when the count really moved). `postId` for a post, a
   * comment or a comment reply; `statusId` for a status update or a status reply.
   */
  'like.changed': {
    target: 'post' | 'comment' | 'commentReply' | 'statusUpdate' | 'statusReply';
    targetId: string;
    postId: string | null;
    statusId: string | null;
    likeCount: number;
  };
  /**
   * A moderator decided on an application: the applicant gets a mail (approved with the granted
   * role, or rejected with the note) in their language (live/mails.ts).
   */
  'application.decided': {
    recipientId: string;
    applicationId: string;
    approved: boolean;
    grantedRole: string | null;
    note: string | null;
  };
  /** A user gained an advanced role or the moderator role (`role`); mailed. */
  'user.promoted': { recipientId: string; role: string; note: string | null };
  /** A user was banned (mailed with the reason) or unbanned (mailed). */
  'user.banned': { recipientId: string; reason: string };
  'user.unbanned': { recipientId: string };
  /** Tags (tags room). */
  'tag.created': { tagId: string };
  'tag.updated': { tagId: string };
  'tag.deleted': { tagId: string };
  /**
   * A user's own record changed (roles, ban, unban, displayed role…). Pushed as `me:changed` to
   * every open tab of that user, which refetches its user; makes no notification.
   */
  'user.changed': {
    userId: string;
    claimsModifiedTimestamp: string;
  };
}

export type DomainEventType = keyof DomainEventMap;

export type DomainEvent = {
  [K in DomainEventType]: { type: K; actorId: string | null; data: DomainEventMap[K] };
}[DomainEventType];

export type DomainEventOf<K extends DomainEventType> = Extract<DomainEvent, { type: K }>;

/** Records an event in the caller's transaction (always pass the transaction handle). */
export async function recordEvent(tx: Tx, event: DomainEvent): Promise<void> {
  await tx.insert(domainEvents).values({
    type: event.type,
    actorId: event.actorId,
    data: event.data,
  });
}
