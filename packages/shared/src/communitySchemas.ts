/**
 * The community's requests as Zod schemas (server validation, web forms). Kept apart from
 * ./community.ts (enums, limits, types and helpers) so that a web page needing only those does not
 * load Zod: a module's code goes to the browser whole, with everything it imports.
 */
import { z } from 'zod';
import { requiredText } from './textSchemas.ts';
import { limits } from './limits.ts';
import { pageSize, postSorts, provenances, searchKinds, tagTypes } from './community.ts';

const idSchema = z.uuid({ error: 'errors.invalid' });

export const postTitleSchema = requiredText(limits.postTitleMax, 'errors.titleTooLong');
export const postBodySchema = z
  .string({ error: 'errors.required' })
  .max(limits.postBodyMax, { error: 'errors.bodyTooLong' });

const postFields = {
  section: z.string({ error: 'errors.required' }).min(1, { error: 'errors.required' }),
  title: postTitleSchema,
  body: postBodySchema,
  provenance: z.enum(provenances, { error: 'errors.required' }),
  tools: z.string().trim().max(limits.postToolsMax, { error: 'errors.toolsTooLong' }),
  tags: z.array(idSchema).max(limits.postTagsMax, { error: 'errors.tooManyTags' }),
  /** Ids of media uploaded by the author with POST /api/media and not attached yet, in order. */
  media: z.array(idSchema).max(limits.postMediaMax, { error: 'errors.tooManyMedia' }),
};

export const createPostSchema = z.object({
  ...postFields,
  tools: postFields.tools.default(''),
  tags: postFields.tags.default([]),
  media: postFields.media.default([]),
});
export type CreatePostInput = z.infer<typeof createPostSchema>;

/**
 * Section cannot change; every other field may (media: the new full list, in order). No defaults:
 * a field left out of a PATCH stays as it is.
 */
export const updatePostSchema = z.object(postFields).omit({ section: true }).partial();
export type UpdatePostInput = z.infer<typeof updatePostSchema>;

export const listPostsQuerySchema = z.object({
  sort: z.enum(postSorts).default('new'),
  tag: idSchema.optional(),
  provenance: z.enum(provenances).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(pageSize.posts),
});
export type ListPostsQuery = z.infer<typeof listPostsQuerySchema>;

export const cursorQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

/** A reply's field: the reply it answers inside its thread, or null. */
const replyTo = { replyToId: idSchema.nullable().default(null) };

export const commentSchema = z.object({
  body: requiredText(limits.commentMax, 'errors.commentTooLong'),
});
export type CommentInput = z.infer<typeof commentSchema>;

/** A reply to a comment; `replyToId` names the reply it answers inside that thread, or null. */
export const commentReplySchema = commentSchema.extend(replyTo);
export type CommentReplyInput = z.infer<typeof commentReplySchema>;

export const statusUpdateSchema = z.object({
  content: requiredText(limits.statusMax, 'errors.statusTooLong'),
});
export type StatusUpdateInput = z.infer<typeof statusUpdateSchema>;

export const statusReplySchema = statusUpdateSchema.extend(replyTo);
export type StatusReplyInput = z.infer<typeof statusReplySchema>;

export const statusUpdatesQuerySchema = cursorQuerySchema.extend({
  author: z.string().min(1).max(100).optional(),
});

const tagLabelSchema = z
  .string()
  .trim()
  .max(limits.tagLabelMax, { error: 'errors.tagLabelTooLong' });
export const tagLabelsSchema = z.object({
  en: tagLabelSchema.min(1, { error: 'errors.required' }),
  ko: tagLabelSchema.optional(),
  fr: tagLabelSchema.optional(),
  es: tagLabelSchema.optional(),
});
export type TagLabels = z.infer<typeof tagLabelsSchema>;

const tagFields = {
  labels: tagLabelsSchema,
  type: z.enum(tagTypes, { error: 'errors.required' }),
  parents: z.array(idSchema).max(limits.tagParentsMax, { error: 'errors.tooManyParents' }),
};
export const tagSchema = z.object({
  ...tagFields,
  type: tagFields.type.default('general'),
  parents: tagFields.parents.default([]),
});
export type TagInput = z.infer<typeof tagSchema>;
/** No defaults: a field left out of a PATCH stays as it is. */
export const updateTagSchema = z.object(tagFields).partial();

export const searchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(1, { error: 'errors.required' })
    .max(200, { error: 'errors.searchTooLong' }),
  kind: z.enum(searchKinds).default('all'),
  cursor: z.string().max(300).optional(),
  /** Post filters: a section slug, a tag id, a provenance, an author's username. */
  section: z.string().trim().min(1).max(100).optional(),
  tag: idSchema.optional(),
  provenance: z.enum(provenances, { error: 'errors.invalid' }).optional(),
  author: z.string().trim().min(1).max(100).optional(),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;
