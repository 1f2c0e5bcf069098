/** Reports: members report, moderators work the queue. */
import { z } from 'zod';
import { reportTargetTypes } from '../reports.ts';
import { reportSchema, removalSchema } from '../reportSchemas.ts';
import { banSchema } from '../schemas.ts';
import { myReportSchema, reportQueueSchema } from '../responses.ts';
import { defineRoute } from './define.ts';

const target = z.object({
  targetType: z.enum(reportTargetTypes),
  targetId: z.string().min(1).max(100),
});
const action = {
  access: 'moderator',
  params: target,
  paramsNotFound: 'errors.reports.notFound',
} as const;

export const reports = {
  create: defineRoute({
    method: 'POST',
    path: '/api/reports',
    summary: 'Report a post, comment, reply, status update or user (201 new, 200 updated)',
    access: 'member',
    rateLimit: { class: 'report', per: 'user', afterValidation: true },
    body: reportSchema,
    responses: { 201: myReportSchema, 200: myReportSchema },
  }),
  queue: defineRoute({
    method: 'GET',
    path: '/api/reports',
    summary: 'The open reports grouped by target, and ban-evasion signals (moderators)',
    access: 'moderator',
    responses: { 200: reportQueueSchema },
  }),
  dismiss: defineRoute({
    method: 'POST',
    path: '/api/reports/:targetType/:targetId/dismiss',
    summary: "Dismiss a target's open reports (moderators)",
    ...action,
    responses: { 204: null },
  }),
  remove: defineRoute({
    method: 'POST',
    path: '/api/reports/:targetType/:targetId/remove',
    summary: 'Remove the reported content with a reason (moderators)',
    ...action,
    body: removalSchema,
    responses: { 204: null },
  }),
  ban: defineRoute({
    method: 'POST',
    path: '/api/reports/:targetType/:targetId/ban',
    summary: "Ban the target's author with a reason (moderators)",
    ...action,
    body: banSchema,
    responses: { 204: null },
  }),
};
