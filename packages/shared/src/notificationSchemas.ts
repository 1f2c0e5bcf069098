/**
 * Notifications as Zod (the route table's answers and inputs), bound to the interfaces of
 * live.ts by a compile-time check so the two cannot drift. A new type: add it to
 * `notificationTypes` (live.ts), its interface there, and its variant here.
 */
import { z } from 'zod';
import { creditKinds } from './credits.ts';
import {
  likeTargetTypes,
  mentionTargetTypes,
  notificationTypes,
  type DismissAllResult,
  type Notification,
  type NotificationPreferences,
} from './live.ts';
import { pageSchema, publicUserSchema } from './responses.ts';

const iso = z.string().meta({ format: 'date-time' });

const base = {
  id: z.string(),
  timestamp: iso,
  recipientId: z.string(),
  dismissed: z.boolean(),
  dismissedTimestamp: iso.nullable(),
  author: publicUserSchema,
};

export const notificationPostSchema = z.object({
  postId: z.string(),
  postAuthorId: z.string(),
  title: z.string(),
});

export const notificationSchema = z.discriminatedUnion('type', [
  z.object({
    ...base,
    type: z.literal('comment'),
    post: notificationPostSchema,
    commentId: z.string(),
    content: z.string(),
  }),
  z.object({
    ...base,
    type: z.literal('commentReply'),
    post: notificationPostSchema,
    commentId: z.string(),
    replyId: z.string(),
    content: z.string(),
    repliedContent: z.string(),
  }),
  z.object({
    ...base,
    type: z.literal('statusReply'),
    statusId: z.string(),
    content: z.string(),
    repliedContent: z.string(),
  }),
  z.object({
    ...base,
    type: z.literal('postRemoval'),
    post: notificationPostSchema,
    reason: z.string(),
    otherReason: z.string().nullable(),
  }),
  z.object({ ...base, type: z.literal('applicationApproved'), role: z.string() }),
  z.object({
    ...base,
    type: z.literal('promotion'),
    role: z.string(),
    note: z.string().nullable(),
  }),
  z.object({
    ...base,
    type: z.literal('mention'),
    target: z.enum(mentionTargetTypes),
    post: notificationPostSchema,
    commentId: z.string().nullable(),
    replyId: z.string().nullable(),
    content: z.string(),
  }),
  z.object({
    ...base,
    type: z.literal('like'),
    target: z.enum(likeTargetTypes),
    post: notificationPostSchema.nullable(),
    statusId: z.string().nullable(),
    commentId: z.string().nullable(),
    replyId: z.string().nullable(),
    content: z.string(),
    likerCount: z.number(),
  }),
  z.object({
    ...base,
    type: z.literal('credit'),
    post: notificationPostSchema,
    kind: z.enum(creditKinds),
    sourceTitle: z.string(),
  }),
]);

export const notificationPageSchema = pageSchema(notificationSchema);

/** GET /api/notifications/history: newest first, a cursor, optionally one type. */
export const notificationHistoryQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  type: z.enum(notificationTypes).optional(),
});

export const dismissAllResultSchema = z.object({ dismissed: z.number(), dismissedTimestamp: iso });

const typeFlags = <T extends z.ZodType>(flag: T) =>
  z.object(
    Object.fromEntries(notificationTypes.map((t) => [t, flag])) as Record<
      (typeof notificationTypes)[number],
      T
    >,
  );

/** Every type with its switch. */
export const notificationPreferencesSchema = typeFlags(z.boolean());
/** A change of some switches (the others stay). */
export const notificationPreferencesUpdateSchema = typeFlags(z.boolean().optional()).strict();

/* eslint-disable @typescript-eslint/no-unnecessary-type-parameters -- the identity test of two types */
type Same<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/* eslint-enable @typescript-eslint/no-unnecessary-type-parameters */
const same = <A, B>(proof: Same<A, B>) => proof;
same<z.infer<typeof notificationSchema>, Notification>(true);
same<z.infer<typeof dismissAllResultSchema>, DismissAllResult>(true);
same<z.infer<typeof notificationPreferencesSchema>, NotificationPreferences>(true);
