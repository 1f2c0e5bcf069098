/** Sections (users with access). */
import { z } from 'zod';
import { listPostsQuerySchema } from '../communitySchemas.ts';
import { pageSchema, postSummarySchema, sectionSchema } from '../responses.ts';
import { defineRoute } from './define.ts';

const params = z.object({ slug: z.string() });

export const sections = {
  list: defineRoute({
    method: 'GET',
    path: '/api/sections',
    summary: 'Every section, in its order',
    access: 'member',
    responses: { 200: z.array(sectionSchema) },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/sections/:slug',
    summary: 'One section (404 errors.sectionNotFound)',
    access: 'member',
    params,
    paramsNotFound: 'errors.sectionNotFound',
    responses: { 200: sectionSchema },
  }),
  posts: defineRoute({
    method: 'GET',
    path: '/api/sections/:slug/posts',
    summary: "A section's published posts (new or top, by tag and provenance), a page at a time",
    access: 'member',
    params,
    paramsNotFound: 'errors.sectionNotFound',
    query: listPostsQuerySchema,
    responses: { 200: pageSchema(postSummarySchema) },
  }),
};
