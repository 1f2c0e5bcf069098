/**
 * Response schemas of the route table (routes/): what each answer looks like, as Zod. The server
 * serialises answers from them (fast JSON from their JSON Schema) and the OpenAPI document shows
 * them. Each one is bound to its TypeScript type by a compile-time check (`same` below), so the
 * two cannot drift; the types stay where they are while other features still import them.
 */
import { z } from 'zod';
import { roleIds, roleTypes } from './roles.ts';
import {
  mediaKinds,
  provenances,
  tagTypes,
  type Comment,
  type CommentReply,
  type HomeData,
  type LikeState,
  type Liker,
  type Media,
  type Post,
  type PostHistory,
  type PostSummary,
  type StatusReply,
  type SiteStats,
  type StatusUpdate,
  type Tag,
  type UserProfile,
} from './community.ts';
import { tagLabelsSchema } from './communitySchemas.ts';
import { modActions, type ModeratorNote, type ModLogEntry } from './moderation.ts';
import type { UserPresence } from './presence.ts';
import { reportReasons, reportTargetTypes, type MyReport, type ReportQueue } from './reports.ts';
import type { PublicUser, Section } from './schemas.ts';
import type { DirectUpload } from './upload.ts';
import type { SearchResults } from './community.ts';
import { accountDeletionModes } from './ownData.ts';
import {
  type Application,
  type BannedUser,
  type CurrentUser,
  type MyApplication,
} from './schemas.ts';
import { requestedTypes } from './roles.ts';
import type { MyPromotion, PromotionRequest, SharedVisitorAccount } from './moderation.ts';
import { languages } from './limits.ts';

/** Every ISO instant the API sends. */
const iso = z.string().meta({ format: 'date-time' });

export const publicUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayedRole: z.enum(roleIds),
  avatarPath: z.string().optional(),
});

/** `{ items, nextCursor }`: pass `nextCursor` back as `cursor` for the next page (null at the end). */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });

const localized = z.object({ en: z.string(), ko: z.string(), fr: z.string(), es: z.string() });
const sectionFields = {
  slug: z.string(),
  type: z.enum([...roleTypes, 'open']),
  name: localized,
  description: localized,
  order: z.number(),
  postCount: z.number(),
};
export const sectionSchema = z.object(sectionFields);

export const tagResponseSchema = z.object({
  id: z.string(),
  labels: tagLabelsSchema,
  type: z.enum(tagTypes),
  parents: z.array(z.string()),
  postCount: z.number(),
});

export const mediaSchema = z.object({
  id: z.string(),
  kind: z.enum(mediaKinds),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  bytes: z.number(),
  mime: z.string(),
});

const editionFields = { editionCount: z.number(), editionTimestamp: iso.nullable() };

export const postSummarySchema = z.object({
  ...editionFields,
  id: z.string(),
  author: publicUserSchema,
  section: z.string(),
  title: z.string(),
  excerpt: z.string(),
  provenance: z.enum(provenances),
  tools: z.string(),
  tags: z.array(z.string()),
  cover: mediaSchema.nullable(),
  mediaCount: z.number(),
  likeCount: z.number(),
  commentCount: z.number(),
  viewCount: z.number(),
  liked: z.boolean(),
  createdAt: iso,
});

export const statusUpdateResponseSchema = z.object({
  ...editionFields,
  id: z.string(),
  author: publicUserSchema,
  content: z.string(),
  timestamp: iso,
  replyCount: z.number(),
  likeCount: z.number(),
  liked: z.boolean(),
});

/** The post itself (GET /api/posts/:id): its card's fields, the body, every media, its state. */
export const postSchema = postSummarySchema.extend({
  body: z.string(),
  bodyHtml: z.string(),
  media: z.array(mediaSchema),
  state: z.enum(['published', 'removed']),
  removal: z.object({ reason: z.string(), otherReason: z.string().nullable() }).nullable(),
});

export const postHistorySchema = z.object({
  postId: z.string(),
  editionCount: z.number(),
  versions: z.array(
    z.object({
      number: z.number(),
      title: z.string(),
      body: z.string(),
      tags: z.array(z.string()),
      writtenAt: iso,
      writtenBy: publicUserSchema.nullable(),
      current: z.boolean(),
    }),
  ),
});

export const viewCountSchema = z.object({ viewCount: z.number() });

export const likeStateSchema = z.object({ liked: z.boolean(), likeCount: z.number() });

export const likerSchema = z.object({ user: publicUserSchema, likedAt: iso });

export const commentReplyResponseSchema = z.object({
  ...editionFields,
  id: z.string(),
  commentId: z.string(),
  postId: z.string(),
  author: publicUserSchema,
  body: z.string(),
  bodyHtml: z.string(),
  replyingTo: z.object({
    author: publicUserSchema,
    replyId: z.string().nullable(),
    excerpt: z.string(),
  }),
  likeCount: z.number(),
  liked: z.boolean(),
  createdAt: iso,
});

export const commentResponseSchema = z.object({
  ...editionFields,
  id: z.string(),
  postId: z.string(),
  author: publicUserSchema.nullable(),
  body: z.string(),
  bodyHtml: z.string(),
  deleted: z.boolean(),
  likeCount: z.number(),
  replyCount: z.number(),
  liked: z.boolean(),
  createdAt: iso,
  replies: z.array(commentReplyResponseSchema),
});

export const statusReplyResponseSchema = z.object({
  ...editionFields,
  id: z.string(),
  parentId: z.string(),
  author: publicUserSchema,
  content: z.string(),
  timestamp: iso,
  replyingTo: z.object({
    replyId: z.string().nullable(),
    author: publicUserSchema,
    content: z.string(),
  }),
  likeCount: z.number(),
  liked: z.boolean(),
});

export const siteStatsSchema = z.object({
  members: z.number(),
  posts: z.number(),
  comments: z.number(),
  statusUpdates: z.number(),
});

export const homeDataSchema = z.object({
  sections: z.array(
    z.object({
      ...sectionFields,
      lastPost: z
        .object({
          id: z.string(),
          title: z.string(),
          provenance: z.enum(provenances),
          author: publicUserSchema,
          createdAt: iso,
        })
        .nullable(),
    }),
  ),
  statusUpdates: z.array(statusUpdateResponseSchema),
  stats: siteStatsSchema,
});

export const userProfileSchema = z.object({
  id: z.string(),
  username: z.string(),
  avatarPath: z.string().nullable(),
  displayedRole: z.enum(roleIds),
  roles: z.array(z.enum(roleIds)),
  registrationTimestamp: iso,
  bio: z.string(),
  links: z.array(z.string()),
  postCount: z.number(),
  commentCount: z.number(),
  postLikeCount: z.number(),
  commentLikeCount: z.number(),
  statusUpdateLikeCount: z.number(),
  totalLikes: z.number(),
  isBanned: z.boolean(),
  banReason: z.string().nullable(),
  online: z.boolean(),
  lastSeenTimestamp: iso.nullable(),
});

export const userPresenceSchema = z.object({
  userId: z.string(),
  online: z.boolean(),
  lastSeenTimestamp: iso.nullable(),
});

export const moderatorNoteSchema = z.object({
  id: z.string(),
  subjectId: z.string(),
  author: publicUserSchema.nullable(),
  body: z.string(),
  createdAt: iso,
});

export const modLogEntrySchema = z.object({
  id: z.number(),
  action: z.enum(modActions),
  moderator: publicUserSchema.nullable(),
  subject: publicUserSchema.nullable(),
  targetType: z.string(),
  targetId: z.string(),
  reason: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  createdAt: iso,
});

export const myReportSchema = z.object({
  id: z.string(),
  targetType: z.enum(reportTargetTypes),
  targetId: z.string(),
  reason: z.enum(reportReasons),
  otherReason: z.string().nullable(),
  details: z.string(),
  createdAt: iso,
  updatedAt: iso,
});

export const reportQueueSchema = z.object({
  groups: z.array(
    z.object({
      targetType: z.enum(reportTargetTypes),
      targetId: z.string(),
      author: publicUserSchema.nullable(),
      authorBanned: z.boolean(),
      target: z.object({
        exists: z.boolean(),
        title: z.string().nullable(),
        excerpt: z.string(),
        link: z.string().nullable(),
        removed: z.boolean(),
      }),
      reportCount: z.number(),
      firstReportedAt: iso,
      lastReportedAt: iso,
      reports: z.array(
        z.object({
          id: z.string(),
          reporter: publicUserSchema.nullable(),
          reason: z.enum(reportReasons),
          otherReason: z.string().nullable(),
          details: z.string(),
          createdAt: iso,
          updatedAt: iso,
        }),
      ),
      authorNotes: z.array(
        z.object({
          id: z.string(),
          author: publicUserSchema.nullable(),
          body: z.string(),
          createdAt: iso,
        }),
      ),
      authorActions: z.array(
        z.object({
          id: z.number(),
          action: z.string(),
          targetType: z.string(),
          moderator: publicUserSchema.nullable(),
          reason: z.string().nullable(),
          createdAt: iso,
        }),
      ),
    }),
  ),
  banEvasion: z.array(
    z.object({
      otherUser: publicUserSchema,
      bannedUsers: z.array(z.object({ user: publicUserSchema, banReason: z.string().nullable() })),
      visitorIds: z.array(z.string()),
      seenAt: iso,
    }),
  ),
});

export const directUploadSchema = z.object({
  url: z.string(),
  headers: z.record(z.string(), z.string()),
  token: z.string(),
});

/** A range [start, end) of UTF-16 code units to highlight. */
const textRange = z.tuple([z.number(), z.number()]);

export const searchResultsSchema = z.object({
  posts: z.array(
    postSummarySchema.extend({
      highlight: z.object({ title: z.array(textRange), excerpt: z.array(textRange) }),
    }),
  ),
  users: z.array(publicUserSchema),
  tags: z.array(tagResponseSchema),
  nextCursor: z.string().nullable(),
  tooShort: z.boolean(),
});

export const applicationResponseSchema = z.object({
  id: z.string(),
  applicant: publicUserSchema.extend({ email: z.string(), registrationTimestamp: iso }),
  requestedType: z.enum(requestedTypes),
  aboutYou: z.string(),
  whyJoin: z.string(),
  links: z.array(z.string()),
  state: z.enum(['pending', 'approved', 'rejected']),
  reviewer: publicUserSchema.nullable(),
  decisionNote: z.string().nullable(),
  grantedRole: z.enum(roleIds).nullable(),
  createdAt: iso,
  decidedAt: iso.nullable(),
});

export const myApplicationSchema = z.object({
  application: applicationResponseSchema.nullable(),
  reapplyAt: iso.nullable(),
});

export const bannedUserSchema = publicUserSchema.extend({ banReason: z.string() });

export const sharedVisitorAccountSchema = z.object({
  user: publicUserSchema,
  isBanned: z.boolean(),
  sharedVisitorIds: z.number(),
  lastSeenTogether: iso,
});

export const promotionRequestResponseSchema = z.object({
  id: z.string(),
  user: publicUserSchema,
  roleType: z.enum(roleTypes),
  posts: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      sectionSlug: z.string(),
      available: z.boolean(),
    }),
  ),
  message: z.string(),
  state: z.enum(['pending', 'approved', 'declined']),
  reviewer: publicUserSchema.nullable(),
  decisionNote: z.string().nullable(),
  createdAt: iso,
  decidedAt: iso.nullable(),
});

export const myPromotionSchema = z.object({
  request: promotionRequestResponseSchema.nullable(),
  probationTypes: z.array(z.enum(roleTypes)),
});

export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  username: z.string(),
  avatarPath: z.string().nullable(),
  registrationTimestamp: iso,
  roles: z.array(z.enum(roleIds)),
  displayedRole: z.enum(roleIds),
  postCount: z.number(),
  commentCount: z.number(),
  postLikeCount: z.number(),
  commentLikeCount: z.number(),
  statusUpdateLikeCount: z.number(),
  claimsModifiedTimestamp: iso,
  bio: z.string(),
  links: z.array(z.string()),
  banReason: z.string().nullable(),
  language: z.enum(languages).nullable(),
  usernameChangedTimestamp: iso.nullable(),
  deletionScheduledTimestamp: iso.nullable(),
  deletionMode: z.enum(accountDeletionModes).nullable(),
  hasAccess: z.boolean(),
  isBanned: z.boolean(),
  isModerator: z.boolean(),
});

/** POST /api/register: the account exists and its session cookie is set. */
export const registeredSchema = z.object({ ok: z.literal(true) });

const healthCheckSchema = z.object({ status: z.enum(['ok', 'down']), latencyMs: z.number() });
const healthChecksSchema = z.object({
  database: healthCheckSchema,
  /** Only with REDIS_URL. */
  redis: healthCheckSchema.optional(),
});

/** GET /api/health: `ok` and `database` (the kind) are kept for older users. */
export const healthSchema = z.object({
  ok: z.boolean(),
  database: z.enum(['pglite', 'postgres']),
  checks: healthChecksSchema,
});

export const liveSchema = z.object({ ok: z.literal(true) });

/** GET /api/health/ready: the checks, or `shuttingDown` (no checks) while the server stops. */
export const readySchema = z.object({
  ok: z.boolean(),
  checks: healthChecksSchema.optional(),
  shuttingDown: z.literal(true).optional(),
});

/** Every error answer: `code` is a translation key (errors.*). */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    retryAfter: z.number().optional(),
    requestId: z.string().optional(),
  }),
});

// ---- each schema is its type, exactly ----

/* eslint-disable @typescript-eslint/no-unnecessary-type-parameters -- the identity test of two types */
type Same<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/* eslint-enable @typescript-eslint/no-unnecessary-type-parameters */
const same = <A, B>(proof: Same<A, B>) => proof;
same<z.infer<typeof publicUserSchema>, PublicUser>(true);
same<z.infer<typeof sectionSchema>, Section>(true);
same<z.infer<typeof tagResponseSchema>, Tag>(true);
same<z.infer<typeof mediaSchema>, Media>(true);
same<z.infer<typeof postSummarySchema>, PostSummary>(true);
same<z.infer<typeof statusUpdateResponseSchema>, StatusUpdate>(true);
same<z.infer<typeof postSchema>, Post>(true);
same<z.infer<typeof postHistorySchema>, PostHistory>(true);
same<z.infer<typeof likeStateSchema>, LikeState>(true);
same<z.infer<typeof likerSchema>, Liker>(true);
same<z.infer<typeof commentReplyResponseSchema>, CommentReply>(true);
same<z.infer<typeof commentResponseSchema>, Comment>(true);
same<z.infer<typeof statusReplyResponseSchema>, StatusReply>(true);
same<z.infer<typeof siteStatsSchema>, SiteStats>(true);
same<z.infer<typeof homeDataSchema>, HomeData>(true);
same<z.infer<typeof userProfileSchema>, UserProfile>(true);
same<z.infer<typeof userPresenceSchema>, UserPresence>(true);
same<z.infer<typeof moderatorNoteSchema>, ModeratorNote>(true);
same<z.infer<typeof modLogEntrySchema>, ModLogEntry>(true);
same<z.infer<typeof myReportSchema>, MyReport>(true);
same<z.infer<typeof reportQueueSchema>, ReportQueue>(true);
same<z.infer<typeof directUploadSchema>, DirectUpload>(true);
same<z.infer<typeof searchResultsSchema>, SearchResults>(true);
same<z.infer<typeof applicationResponseSchema>, Application>(true);
same<z.infer<typeof myApplicationSchema>, MyApplication>(true);
same<z.infer<typeof bannedUserSchema>, BannedUser>(true);
same<z.infer<typeof sharedVisitorAccountSchema>, SharedVisitorAccount>(true);
same<z.infer<typeof promotionRequestResponseSchema>, PromotionRequest>(true);
same<z.infer<typeof myPromotionSchema>, MyPromotion>(true);
same<z.infer<typeof currentUserSchema>, CurrentUser>(true);
