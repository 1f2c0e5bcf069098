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
  tagLabelsSchema,
  tagTypes,
  type HomeData,
  type Media,
  type PostSummary,
  type SiteStats,
  type StatusUpdate,
  type Tag,
  type UserProfile,
} from './community.ts';
import { modActions, type ModeratorNote, type ModLogEntry } from './moderation.ts';
import type { UserPresence } from './presence.ts';
import { reportReasons, reportTargetTypes, type MyReport, type ReportQueue } from './reports.ts';
import type { PublicUser, Section } from './schemas.ts';
import type { DirectUpload } from './upload.ts';

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
same<z.infer<typeof siteStatsSchema>, SiteStats>(true);
same<z.infer<typeof homeDataSchema>, HomeData>(true);
same<z.infer<typeof userProfileSchema>, UserProfile>(true);
same<z.infer<typeof userPresenceSchema>, UserPresence>(true);
same<z.infer<typeof moderatorNoteSchema>, ModeratorNote>(true);
same<z.infer<typeof modLogEntrySchema>, ModLogEntry>(true);
same<z.infer<typeof myReportSchema>, MyReport>(true);
same<z.infer<typeof reportQueueSchema>, ReportQueue>(true);
same<z.infer<typeof directUploadSchema>, DirectUpload>(true);
