/**
 * Credits' and series' requests and answers as Zod schemas. Apart from ./credits.ts (kinds and
 * limits) so that a page needing only those does not load Zod.
 */
import { z } from 'zod';
import { requiredText } from './textSchemas.ts';
import { creditKinds, seriesLimits } from './credits.ts';
import { postSummarySchema, publicUserSchema } from './responses.ts';

const title = requiredText(seriesLimits.title, 'errors.seriesTitleTooLong');
const description = z
  .string()
  .trim()
  .max(seriesLimits.description, { error: 'errors.seriesDescriptionTooLong' });

export const createSeriesSchema = z.object({ title, description: description.default('') });
export type CreateSeriesInput = z.input<typeof createSeriesSchema>;
export const updateSeriesSchema = z.object({
  title: title.optional(),
  description: description.optional(),
});
export type UpdateSeriesInput = z.input<typeof updateSeriesSchema>;

export const seriesIdParams = z.object({ id: z.uuid() });

export const placeInSeriesSchema = z.object({
  seriesId: z.uuid({ error: 'errors.invalid' }),
  /** 1-based place among the series' chapters; the end when left out. */
  position: z.number().int().min(1, { error: 'errors.invalid' }).max(10_000).optional(),
});
export type PlaceInSeriesInput = z.input<typeof placeInSeriesSchema>;

export const creditInputSchema = z.object({
  postId: z.uuid({ error: 'errors.invalid' }),
  kind: z.enum(creditKinds, { error: 'errors.invalid' }),
});
export type CreditInput = z.infer<typeof creditInputSchema>;
export const setCreditsSchema = z.object({
  credits: z
    .array(creditInputSchema)
    .max(seriesLimits.creditsPerPost, { error: 'errors.tooManyCredits' }),
});
export type SetCreditsInput = z.input<typeof setCreditsSchema>;

const iso = z.string().meta({ format: 'date-time' });

export const seriesSchema = z.object({
  id: z.string(),
  author: publicUserSchema,
  title: z.string(),
  description: z.string(),
  /** Chapters the viewer may see. */
  chapterCount: z.number(),
  createdAt: iso,
});
export type Series = z.infer<typeof seriesSchema>;

export const seriesDetailSchema = seriesSchema.extend({
  /** In order; `part` is the 1-based place among the chapters listed. */
  chapters: z.array(z.object({ part: z.number(), post: postSummarySchema })),
});
export type SeriesDetail = z.infer<typeof seriesDetailSchema>;

const postLinkSchema = z.object({ id: z.string(), title: z.string() });
export type PostLink = z.infer<typeof postLinkSchema>;

/** Where a post stands in its series, as its page shows it. */
export const postSeriesPlaceSchema = z.object({
  series: seriesSchema,
  part: z.number(),
  of: z.number(),
  previous: postLinkSchema.nullable(),
  next: postLinkSchema.nullable(),
  chapters: z.array(postLinkSchema.extend({ part: z.number() })),
});
export type PostSeriesPlace = z.infer<typeof postSeriesPlaceSchema>;

export const creditSchema = z.object({ kind: z.enum(creditKinds), post: postSummarySchema });
export type Credit = z.infer<typeof creditSchema>;

export const postCreditsSchema = z.object({
  postId: z.string(),
  /** Null when the post is in no series. */
  series: postSeriesPlaceSchema.nullable(),
  /** What this post credits (only the sources the viewer may see). */
  credits: z.array(creditSchema),
  /** Posts that credit this one, by kind, newest first (only those the viewer may see). */
  derivatives: z.object({
    translation: z.array(postSummarySchema),
    remix: z.array(postSummarySchema),
    inspiration: z.array(postSummarySchema),
  }),
});
export type PostCredits = z.infer<typeof postCreditsSchema>;
