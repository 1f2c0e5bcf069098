/** The home page's data (users with access). */
import { homeDataSchema } from '../responses.ts';
import { defineRoute } from './define.ts';

export const home = {
  get: defineRoute({
    method: 'GET',
    path: '/api/home',
    summary: 'Sections with their latest post, the latest status updates, site statistics',
    access: 'member',
    responses: { 200: homeDataSchema },
  }),
};
