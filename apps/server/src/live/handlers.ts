/**
 * One small handler per domain event kind: the notification it calls for (if any) and the live
 * pushes it causes. Pure functions of the event, run by the dispatcher after the events' commit.
 *
 * Data rooms get invalidation signals, not data (see packages/shared/src/live.ts): what a viewer
 * sees depends on the viewer (`liked`, abilities), so each tab refetches the named queries.
 */
import type { notifications } from '../db/schema/index.ts';
import type { NoticeKind, NoticeVars } from '../mail/notices.ts';
import { rooms, type LiveEvent, type LivePayload } from './emitter.ts';
import type { DomainEvent, DomainEventMap, DomainEventOf, DomainEventType } from './events.ts';

export type NewNotification = typeof notifications.$inferInsert;

/** One message to one room. */
export type Push = {
  [E in LiveEvent]: { room: string; event: E; payload: LivePayload<E> };
}[LiveEvent];

interface Handler<K extends DomainEventType> {
  /** The notification, or none (recipient and author are filled in by `notificationOf`). */
  notify?: (event: DomainEventOf<K>) => Omit<NewNotification, 'recipientId' | 'authorId'> | null;
  pushes?: (data: DomainEventMap[K]) => Push[];
}

const home = (): Push => ({ room: rooms.home, event: 'home:changed', payload: {} });
const tags = (): Push => ({ room: rooms.tags, event: 'tags:changed', payload: {} });
const post = (postId: string, what: { post: boolean; comments: boolean }): Push => ({
  room: rooms.post(postId),
  event: 'post:changed',
  payload: { postId, ...what },
});
const statuses = (statusId: string): Push => ({
  room: rooms.statusUpdates,
  event: 'statusUpdates:changed',
  payload: { statusId },
});

/** The post's comment count moves, and so does the site's (home). */
const commentCountMoved = (d: { postId: string }) => [
  post(d.postId, { post: true, comments: true }),
  home(),
];
const commentEdited = (d: { postId: string }) => [post(d.postId, { post: false, comments: true })];
/** A status update's replies, reply count or text: the lists, its replies, the home page. */
const statusChanged = (d: { statusId: string }) => [statuses(d.statusId), home()];

/** A notification's post columns, from the post an event names. */
const aboutPost = (p: { postId: string; postAuthorId: string; title: string }) => ({
  postId: p.postId,
  postAuthorId: p.postAuthorId,
  postTitle: p.title,
});

const handlers: { [K in DomainEventType]: Handler<K> } = {
  'post.created': { pushes: (d) => [home(), ...(d.tagIds.length > 0 ? [tags()] : [])] },
  'post.updated': {
    // The home page shows each section's last post with its title.
    pushes: (d) => [
      post(d.postId, { post: true, comments: false }),
      home(),
      ...(d.tagsChanged ? [tags()] : []),
    ],
  },
  'post.deleted': {
    pushes: (d) => [
      post(d.postId, { post: true, comments: true }),
      home(),
      ...(d.tagIds.length > 0 ? [tags()] : []),
    ],
  },
  'post.removed': {
    notify: ({ data: d }) => ({
      type: 'postRemoval',
      ...aboutPost(d.post),
      reason: d.reason,
      otherReason: d.otherReason,
    }),
    // Its section and tags count it no more (the event does not say which tags: rare enough).
    pushes: (d) => [post(d.post.postId, { post: true, comments: true }), home(), tags()],
  },
  'post.credited': {
    notify: ({ data: d }) => ({
      type: 'credit',
      ...aboutPost(d.post),
      reason: d.kind,
      content: d.sourceTitle,
    }),
    // Both pages are refreshed by the post.creditsChanged of the same change.
  },
  'post.creditsChanged': {
    pushes: (d) => d.postIds.map((postId) => post(postId, { post: true, comments: false })),
  },
  'comment.created': {
    notify: ({ data: d }) => ({
      type: 'comment',
      ...aboutPost(d.post),
      commentId: d.commentId,
      content: d.content,
    }),
    pushes: (d) => commentCountMoved({ postId: d.post.postId }),
  },
  'comment.updated': { pushes: commentEdited },
  'comment.deleted': { pushes: commentCountMoved },
  'commentReply.created': {
    notify: ({ data: d }) => ({
      type: 'commentReply',
      ...aboutPost(d.post),
      commentId: d.commentId,
      replyId: d.replyId,
      content: d.content,
      repliedContent: d.repliedContent,
    }),
    pushes: (d) => commentCountMoved({ postId: d.post.postId }),
  },
  'commentReply.updated': { pushes: commentEdited },
  'commentReply.deleted': { pushes: commentCountMoved },
  'statusUpdate.created': { pushes: statusChanged },
  'statusUpdate.updated': { pushes: statusChanged },
  'statusUpdate.deleted': { pushes: statusChanged },
  'statusReply.created': {
    notify: ({ data: d }) => ({
      type: 'statusReply',
      statusId: d.statusId,
      replyId: d.replyId,
      content: d.content,
      repliedContent: d.repliedContent,
    }),
    pushes: statusChanged,
  },
  'statusReply.updated': { pushes: (d) => [statuses(d.statusId)] },
  'statusReply.deleted': { pushes: statusChanged },
  'like.changed': {
    pushes: (d) => {
      if (d.postId)
        return [post(d.postId, { post: d.target === 'post', comments: d.target !== 'post' })];
      if (!d.statusId) return [];
      // The home page shows recent status updates with their like counts, not their replies'.
      return d.target === 'statusUpdate'
        ? statusChanged({ statusId: d.statusId })
        : [statuses(d.statusId)];
    },
  },
  // Pushes come with like.changed (recorded with it); this one only notifies the item's author.
  'like.added': {
    notify: ({ data: d }) => ({
      type: 'like',
      target: d.target,
      groupKey: `${d.target}:${d.targetId}`,
      postId: d.post?.postId ?? null,
      postAuthorId: d.post?.postAuthorId ?? null,
      postTitle: d.post?.title ?? null,
      statusId: d.statusId,
      commentId: d.commentId,
      replyId: d.replyId,
      content: d.content,
    }),
  },
  'mention.created': {
    notify: ({ data: d }) => ({
      type: 'mention',
      target: d.target,
      ...aboutPost(d.post),
      commentId: d.commentId,
      replyId: d.replyId,
      content: d.content,
    }),
  },
  'tag.created': { pushes: () => [tags()] },
  'tag.updated': { pushes: () => [tags()] },
  // Posts lose the tag: their pages refetch when next opened (not a room of their own).
  'tag.deleted': { pushes: () => [tags()] },
  // me:changed and closing the sockets of a user without access are the dispatcher's own work;
  // the home page counts members with access and shows authors' displayed roles.
  'user.changed': { pushes: () => [home()] },
  // Also mailed (mailOf below); the user's record change itself comes as user.changed. A rejected
  // applicant has no notification list (no access): the mail tells them.
  'application.decided': {
    notify: ({ data: d }) =>
      d.approved ? { type: 'applicationApproved', reason: d.grantedRole ?? 'member' } : null,
  },
  'user.promoted': {
    notify: ({ data: d }) => ({ type: 'promotion', reason: d.role, content: d.note }),
  },
  'user.banned': {},
  'user.unbanned': {},
};

/** A mail an event calls for: its kind, its recipient and what it says (mail/notices.ts). */
export interface MailIntent {
  recipientId: string;
  kind: NoticeKind;
  vars: Omit<NoticeVars, 'username'>;
}

/** The mail an event calls for, if any (the decisions of moderators about a user). */
export function mailOf(event: DomainEvent): MailIntent | null {
  switch (event.type) {
    case 'application.decided': {
      const d = event.data;
      return d.approved
        ? { recipientId: d.recipientId, kind: 'applicationApproved', vars: { role: d.grantedRole } }
        : { recipientId: d.recipientId, kind: 'applicationRejected', vars: { note: d.note } };
    }
    case 'user.promoted':
      return {
        recipientId: event.data.recipientId,
        kind: 'promoted',
        vars: { role: event.data.role, note: event.data.note },
      };
    case 'user.banned':
      return {
        recipientId: event.data.recipientId,
        kind: 'banned',
        vars: { reason: event.data.reason },
      };
    case 'user.unbanned':
      return { recipientId: event.data.recipientId, kind: 'unbanned', vars: {} };
    default:
      return null;
  }
}

/** The handlers seen from the dispatcher: any event (an unknown type from the table has none). */
interface AnyHandler {
  notify?: (event: DomainEvent) => Omit<NewNotification, 'recipientId' | 'authorId'> | null;
  pushes?: (data: unknown) => Push[];
}
const handlerOf = (type: string): AnyHandler | undefined =>
  (handlers as unknown as Partial<Record<string, AnyHandler>>)[type];

/** The notification an event calls for, if any (never for one's own action). */
export function notificationOf(event: DomainEvent): NewNotification | null {
  const notify = handlerOf(event.type)?.notify;
  if (!notify || !('recipientId' in event.data)) return null;
  if (!event.actorId || event.data.recipientId === event.actorId) return null;
  const row = notify(event);
  if (!row) return null;
  return { ...row, recipientId: event.data.recipientId, authorId: event.actorId };
}

/** The pushes of a batch of events, each distinct message once (a burst of likes is one push). */
export function pushesOf(events: DomainEvent[]): Push[] {
  const out = new Map<string, Push>();
  for (const event of events) {
    for (const p of handlerOf(event.type)?.pushes?.(event.data) ?? []) {
      out.set(`${p.room}\u0000${p.event}\u0000${JSON.stringify(p.payload)}`, p);
    }
  }
  return [...out.values()];
}

/** Users whose own record changed in these events (each once, with the newest timestamp). */
export function userChangesOf(events: DomainEvent[]): Map<string, string> {
  const changed = new Map<string, string>();
  for (const event of events) {
    if (event.type !== 'user.changed') continue;
    const prev = changed.get(event.data.userId);
    if (!prev || prev < event.data.claimsModifiedTimestamp) {
      changed.set(event.data.userId, event.data.claimsModifiedTimestamp);
    }
  }
  return changed;
}
