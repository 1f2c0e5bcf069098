/**
 * Domain events: each mutation records what happened in its own transaction (`recordEvent(tx, …)`),
 * so an event exists if and only if the change committed. The dispatcher derives notifications
 * and live pushes from them after commit (dispatcher.ts).
 */
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

/** Records an event in the caller's transaction (always pass the transaction handle). */
export async function recordEvent(tx: Tx, event: DomainEvent): Promise<void> {
  await tx.insert(domainEvents).values({
    type: event.type,
    actorId: event.actorId,
    data: event.data,
  });
}
