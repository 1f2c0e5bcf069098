/**
 * Live contract (issue 4): notifications and the events the server pushes over the one Socket.IO
 * connection of a tab. Rooms are decided by the server; the client never names one.
 *
 *   GET  /api/notifications               Notification[]  (10 most recent undismissed, newest first)
 *   POST /api/notifications/:id/dismiss   Notification    (own only; sets dismissed + server time)
 */
import type { PublicUser } from './schemas.ts';

export const notificationTypes = ['comment', 'commentReply', 'statusReply', 'postRemoval'] as const;
export type NotificationType = (typeof notificationTypes)[number];

interface NotificationBase {
  id: string;
  type: NotificationType;
  /** ISO, server time. */
  timestamp: string;
  recipientId: string;
  dismissed: boolean;
  dismissedTimestamp: string | null;
  author: PublicUser;
}

export interface NotificationPost {
  postId: string;
  postAuthorId: string;
  title: string;
}

/** Someone commented on your post. */
export interface CommentNotification extends NotificationBase {
  type: 'comment';
  post: NotificationPost;
  /** Opens the post at this comment. */
  commentId: string;
  content: string;
}

/** Someone replied to your comment (or to your reply). */
export interface CommentReplyNotification extends NotificationBase {
  type: 'commentReply';
  post: NotificationPost;
  commentId: string;
  replyId: string;
  content: string;
  repliedContent: string;
}

/** Someone replied to your status update (or to your reply under one). */
export interface StatusReplyNotification extends NotificationBase {
  type: 'statusReply';
  statusId: string;
  content: string;
  repliedContent: string;
}

/** A moderator removed your post (created by moderation, issue 5). */
export interface PostRemovalNotification extends NotificationBase {
  type: 'postRemoval';
  post: NotificationPost;
  reason: string;
  otherReason: string | null;
}

export type Notification =
  | CommentNotification
  | CommentReplyNotification
  | StatusReplyNotification
  | PostRemovalNotification;

/** Badge text: the count, or 9+ above nine. */
export function notificationBadge(count: number): string {
  return count > 9 ? '9+' : String(count);
}

/** Server → client socket events. */
export interface ServerToClientEvents {
  /** A new notification for this user. */
  'notification:new': (notification: Notification) => void;
  /** One of this user's notifications was dismissed (in any tab). */
  'notification:dismissed': (payload: { id: string; dismissedTimestamp: string }) => void;
  /** The user's own record changed (roles, ban, displayed role…): refetch /api/me. */
  'me:changed': (payload: { claimsModifiedTimestamp: string }) => void;
}

/** Client → server socket events (none yet: rooms are decided by the server). */
export type ClientToServerEvents = Record<string, never>;
