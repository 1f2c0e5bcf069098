/** Health of a node (public; no admission gate, no rate limit). */
import { healthSchema, liveSchema, readySchema } from '../responses.ts';
import { defineRoute } from './define.ts';

export const health = {
  status: defineRoute({
    method: 'GET',
    path: '/api/health',
    summary:
      'The database and (with REDIS_URL) Redis, each ok or down with its latency; 503 when one is down',
    access: 'public',
    responses: { 200: healthSchema, 503: healthSchema },
  }),
  live: defineRoute({
    method: 'GET',
    path: '/api/health/live',
    summary: 'The process is up (no dependency is asked)',
    access: 'public',
    responses: { 200: liveSchema },
  }),
  ready: defineRoute({
    method: 'GET',
    path: '/api/health/ready',
    summary: 'Ready for traffic: 503 when a dependency does not answer or while shutting down',
    access: 'public',
    responses: { 200: readySchema, 503: readySchema },
  }),
};
