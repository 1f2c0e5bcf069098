/**
 * Creators' credits (issue 11, item 8): series of posts (ordered chapters of one author) and
 * credits from a post to its sources (remix of, translation of, inspired by), which the source
 * post lists as its derivatives.
 *
 * Which route takes and answers what is declared once, in the route table (./routes/), and
 * browsable at /api/docs.
 */

export const creditKinds = ['translation', 'remix', 'inspiration'] as const;
export type CreditKind = (typeof creditKinds)[number];

export const seriesLimits = {
  title: 120,
  description: 2000,
  /** Credits one post may hold. */
  creditsPerPost: 10,
} as const;

/** Derivatives listed per kind on a source post (the newest). */
export const derivativesShown = 50;
