/** Creators' credits: series of posts and credits between posts (packages/shared/src/credits.ts). */
import { z } from 'zod';
import {
  createSeriesSchema,
  placeInSeriesSchema,
  postCreditsSchema,
  seriesDetailSchema,
  seriesIdParams,
  seriesSchema,
  setCreditsSchema,
  updateSeriesSchema,
} from '../creditSchemas.ts';
import { defineRoute } from './define.ts';
import { uuidParams } from './params.ts';

const write = { class: 'credits', per: 'user', afterValidation: true } as const;
const series = { params: seriesIdParams, paramsNotFound: 'errors.seriesNotFound' } as const;
const post = { params: uuidParams, paramsNotFound: 'errors.postNotFound' } as const;

export const credits = {
  createSeries: defineRoute({
    method: 'POST',
    path: '/api/series',
    summary: 'Create a series of one’s own posts',
    access: 'member',
    rateLimit: write,
    body: createSeriesSchema,
    responses: { 201: seriesSchema },
  }),
  mySeries: defineRoute({
    method: 'GET',
    path: '/api/series/mine',
    summary: 'One’s own series, newest first',
    access: 'member',
    responses: { 200: z.array(seriesSchema) },
  }),
  getSeries: defineRoute({
    method: 'GET',
    path: '/api/series/:id',
    summary: 'A series with the chapters the viewer may see, in order',
    access: 'member',
    ...series,
    responses: { 200: seriesDetailSchema },
  }),
  updateSeries: defineRoute({
    method: 'PATCH',
    path: '/api/series/:id',
    summary: 'Rename a series or change its description (its author)',
    access: 'member',
    rateLimit: write,
    ...series,
    body: updateSeriesSchema,
    responses: { 200: seriesSchema },
  }),
  deleteSeries: defineRoute({
    method: 'DELETE',
    path: '/api/series/:id',
    summary: 'Delete a series (its author or a moderator); its posts stay',
    access: 'member',
    ...series,
    responses: { 204: null },
  }),
  placeInSeries: defineRoute({
    method: 'PUT',
    path: '/api/posts/:id/series',
    summary: 'Put one’s post in one’s series at a position (the end by default)',
    access: 'member',
    rateLimit: write,
    ...post,
    body: placeInSeriesSchema,
    responses: { 200: postCreditsSchema },
  }),
  removeFromSeries: defineRoute({
    method: 'DELETE',
    path: '/api/posts/:id/series',
    summary: 'Take a post out of its series (its author or a moderator)',
    access: 'member',
    ...post,
    responses: { 200: postCreditsSchema },
  }),
  postCredits: defineRoute({
    method: 'GET',
    path: '/api/posts/:id/credits',
    summary: 'A post’s place in its series, its credits and its derivatives',
    access: 'member',
    ...post,
    responses: { 200: postCreditsSchema },
  }),
  setCredits: defineRoute({
    method: 'PUT',
    path: '/api/posts/:id/credits',
    summary: 'Replace a post’s credits (its author; a moderator may only remove)',
    access: 'member',
    rateLimit: write,
    ...post,
    body: setCreditsSchema,
    responses: { 200: postCreditsSchema },
  }),
};
