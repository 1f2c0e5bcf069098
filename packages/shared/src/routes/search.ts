/** Search: posts, users and tags (users with access). */
import { searchQuerySchema } from '../communitySchemas.ts';
import { searchResultsSchema } from '../responses.ts';
import { defineRoute } from './define.ts';

export const search = {
  search: defineRoute({
    method: 'GET',
    path: '/api/search',
    summary:
      'Posts (ranked, in pages: pass nextCursor back as cursor), users and tags matching q; ' +
      'tooShort when q has fewer than 2 letters or digits',
    access: 'member',
    query: searchQuerySchema,
    responses: { 200: searchResultsSchema },
  }),
};
