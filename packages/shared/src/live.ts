/**
 * Live contract (issue 4): notifications and the events the server pushes over the one Socket.IO
 * connection of a tab. Rooms are decided by the server; the client never names one.
 *
 * The notification routes are in the route table (routes/notifications.ts).
 */
import type { UserPresence } from './presence.ts';
import type { CreditKind } from './credits.ts';
import type { PublicUser } from './schemas.ts';

/**
 * Every notification type, in the order the preferences and the filter list them: the one list
 * to extend with a new type (then its interface below, its schema in notificationSchemas.ts, its
 * presenter case on the server, its text in the locales under notifications.types and
 * notifications.text).
 */
export const notificationTypes = [
  'comment',
  'commentReply',
  'statusReply',
  'postRemoval',
  'applicationApproved',
  'promotion',
  'mention',
  'like',
  'credit',
] as const;
export type NotificationType = (typeof notificationTypes)[number];

/** What can be liked (and so what a `like` notification is about). */
export const likeTargetTypes = [
  'post',
  'comment',
  'commentReply',
  'statusUpdate',
  'statusReply',
] as const;
export type LikeTargetType = (typeof likeTargetTypes)[number];

/** Where a mention can be written. */
export const mentionTargetTypes = ['post', 'comment', 'commentReply'] as const;
export type MentionTargetType = (typeof mentionTargetTypes)[number];

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

/** A moderator (the author) approved your application (issue 11): you now hold `role`. */
export interface ApplicationApprovedNotification extends NotificationBase {
  type: 'applicationApproved';
  /** The role granted (a `RoleId`). */
  role: string;
}

/** A moderator (the author) promoted you to `role` (advanced-X or moderator; issue 11). */
export interface PromotionNotification extends NotificationBase {
  type: 'promotion';
  /** The role gained (a `RoleId`). */
  role: string;
  /** The moderator's note, if any. */
  note: string | null;
}

/** Someone wrote `@you` in a post, a comment or a reply (issue 11). */
export interface MentionNotification extends NotificationBase {
  type: 'mention';
  target: MentionTargetType;
  post: NotificationPost;
  /** The comment (for a comment or a reply), else null. */
  commentId: string | null;
  /** The reply (for a reply), else null. */
  replyId: string | null;
  /** An excerpt of the text that mentions you. */
  content: string;
}

/**
 * People liked something of yours (issue 11). Likes of one item while this notification is
 * undismissed are one notification: `author` is the latest liker, `likerCount` how many liked.
 */
export interface LikeNotification extends NotificationBase {
  type: 'like';
  target: LikeTargetType;
  /** The post (for a post, a comment or a reply under it), else null. */
  post: NotificationPost | null;
  /** The status update (for one or a reply under it), else null. */
  statusId: string | null;
  commentId: string | null;
  replyId: string | null;
  /** An excerpt of what was liked (empty for a post: its title is in `post`). */
  content: string;
  likerCount: number;
}

/**
 * Someone credited your post (`source`) as the source of theirs (`post`): a translation, a remix
 * or an inspiration (shared `creditKinds`; issue 11).
 */
export interface CreditNotification extends NotificationBase {
  type: 'credit';
  /** The crediting post (the derivative). */
  post: NotificationPost;
  kind: CreditKind;
  /** The title of the recipient's credited post. */
  sourceTitle: string;
}

export type Notification =
  | MentionNotification
  | LikeNotification
  | CommentNotification
  | CommentReplyNotification
  | StatusReplyNotification
  | PostRemovalNotification
  | ApplicationApprovedNotification
  | PromotionNotification
  | CreditNotification;

/** Per-type preferences: a type switched off is not created for the user (all on by default). */
export type NotificationPreferences = Record<NotificationType, boolean>;

/** The answer to POST /api/notifications/dismiss-all. */
export interface DismissAllResult {
  /** How many were dismissed. */
  dismissed: number;
  /** The server time they were dismissed at (ISO). */
  dismissedTimestamp: string;
}

/** Badge text: the count, or 9+ above nine. */
export function notificationBadge(count: number): string {
  return count > 9 ? '9+' : String(count);
}

/** What a `post:changed` says changed: the post itself (counts, text), its comments, or both. */
export interface PostChange {
  postId: string;
  post: boolean;
  comments: boolean;
}

/**
 * Server → client socket events. The data rooms (home, tags, status updates, one post) get
 * precise invalidation signals, not data: what the client shows depends on the viewer (`liked`,
 * abilities), so each tab refetches exactly the queries named here through its own session.
 */
export interface ServerToClientEvents {
  /** A new notification for this user. */
  'notification:new': (notification: Notification) => void;
  /** One of this user's notifications was dismissed (in any tab). */
  'notification:dismissed': (payload: { id: string; dismissedTimestamp: string }) => void;
  /**
   * Every notification of this user created up to `dismissedTimestamp` was dismissed ("dismiss
   * all", in any tab).
   */
  'notification:allDismissed': (payload: { dismissedTimestamp: string }) => void;
  /** The user's own record changed (roles, ban, displayed role…): refetch /api/me. */
  'me:changed': (payload: { claimsModifiedTimestamp: string }) => void;
  /**
   * Sent once to every socket as soon as it is admitted: when the user's claims (roles, ban,
   * access) last changed, as the server reads it now. A tab whose user is older refetches it, so a
   * change committed between the page's /api/me and the socket's connection is not missed (no
   * `me:changed` reaches a socket that was not there yet).
   */
  'me:claims': (payload: { claimsModifiedTimestamp: string }) => void;
  /** Home room: section counts, last posts, recent status updates or site stats changed. */
  'home:changed': (payload: Record<string, never>) => void;
  /** Tags room: a tag was created, edited or deleted, or post counts of tags moved. */
  'tags:changed': (payload: Record<string, never>) => void;
  /** Room of the watched post: the post or its comments and replies (with like counts) changed. */
  'post:changed': (payload: PostChange) => void;
  /**
   * Status-updates room: a status update or a reply under `statusId` was created, edited,
   * deleted or liked (the lists and that status update's replies are stale).
   */
  'statusUpdates:changed': (payload: { statusId: string }) => void;
  /** A user this tab watches (`presence:watch`) came online or went offline (presence.ts). */
  'presence:changed': (presence: UserPresence) => void;
}

/** The answer to `post:watch`: joined, or the error code (`errors.postNotFound`…). */
export type WatchResult = { ok: true } | { ok: false; error: string };

/**
 * Client → server socket events. The client never names a room: it says which post page it is
 * on, and the server joins it to that post's room only if the user may read the post (one post
 * per socket; watching another leaves the first).
 */
export interface ClientToServerEvents {
  'post:watch': (postId: string, ack: (result: WatchResult) => void) => void;
  'post:unwatch': (postId: string) => void;
  /**
   * The users whose presence this tab shows (replaces the previous list; at most
   * `presenceWatchLimit`): the server then sends their `presence:changed`, and only theirs.
   */
  'presence:watch': (userIds: string[]) => void;
}
