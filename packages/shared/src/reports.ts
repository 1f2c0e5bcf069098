/**
 * Reports (issue 5): what members report, what moderators see in /reports and what they do.
 *
 * Which route takes and answers what is declared once, in the route table (./routes/), and
 * browsable at /api/docs.
 *
 * Every message is a translation key under `errors.`.
 */
import type { PublicUser } from './schemas.ts';

/** Report reasons, also the reasons of a post removal (PRODUCT.md). */
export const reportReasons = [
  'spam',
  'harassment',
  'hate',
  'plagiarism',
  'wrongSection',
  'missingTags',
  'sexualContent',
  'illegal',
  'other',
] as const;
export type ReportReason = (typeof reportReasons)[number];

/** Target types a moderator can remove from /reports (a user is banned, not removed). */
export const removableTargetTypes = [
  'post',
  'comment',
  'commentReply',
  'statusUpdate',
  'statusReply',
] as const;
export type RemovableTargetType = (typeof removableTargetTypes)[number];

/** What can be reported: the removable content, and users. */
export const reportTargetTypes = [...removableTargetTypes, 'user'] as const;
export type ReportTargetType = (typeof reportTargetTypes)[number];

export const reportLimits = {
  otherReasonMax: 200,
  detailsMax: 2000,
} as const;

/** The reporter's own report, as saved. */
export interface MyReport {
  id: string;
  targetType: ReportTargetType;
  targetId: string;
  reason: ReportReason;
  otherReason: string | null;
  details: string;
  createdAt: string;
  updatedAt: string;
}

/** One report in a group of the queue. */
export interface QueuedReport {
  id: string;
  reporter: PublicUser | null;
  reason: ReportReason;
  otherReason: string | null;
  details: string;
  createdAt: string;
  updatedAt: string;
}

/** What was reported, as it is now (`exists: false` when it was deleted meanwhile). */
export interface ReportTargetPreview {
  exists: boolean;
  /** The post's title (for a post, a comment or a reply on it); the username for a user. */
  title: string | null;
  /** A plain-text excerpt of the content (the bio for a user). */
  excerpt: string;
  /** Where the content is shown in the app. */
  link: string | null;
  /** A post already removed by a moderator, a comment kept as "[deleted]"… */
  removed: boolean;
}

/** A moderator note about the target's author (moderator_notes). */
export interface ReportAuthorNote {
  id: string;
  author: PublicUser | null;
  body: string;
  createdAt: string;
}

/** An earlier moderator action about the target's author (mod_log). */
export interface ReportAuthorAction {
  id: number;
  action: string;
  targetType: string;
  moderator: PublicUser | null;
  reason: string | null;
  createdAt: string;
}

/** The open reports about one target. */
export interface ReportGroup {
  targetType: ReportTargetType;
  targetId: string;
  /** The author of the content, or the reported user. */
  author: PublicUser | null;
  authorBanned: boolean;
  target: ReportTargetPreview;
  reportCount: number;
  firstReportedAt: string;
  lastReportedAt: string;
  reports: QueuedReport[];
  authorNotes: ReportAuthorNote[];
  authorActions: ReportAuthorAction[];
}

/** An account sharing a visitor id with a banned user (possible ban evasion). */
/** One account (not banned) seen with a visitor id that a banned account used: one row per account. */
export interface BanEvasionSignal {
  otherUser: PublicUser;
  /** The banned accounts it shares a visitor id with, with their ban reasons. */
  bannedUsers: { user: PublicUser; banReason: string | null }[];
  /** The shared visitor ids, the most recently seen first. */
  visitorIds: string[];
  /** When the account was last seen with one of those visitor ids. */
  seenAt: string;
}

export interface ReportQueue {
  /** Groups with the most reports first, then the oldest first. */
  groups: ReportGroup[];
  banEvasion: BanEvasionSignal[];
}
