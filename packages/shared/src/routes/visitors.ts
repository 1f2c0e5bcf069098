/** Visitor ids (ban evasion signals): any signed-in user, banned ones too. */
import { z } from 'zod';
import { defineRoute } from './define.ts';

export const visitorIdSchema = z
  .string()
  .min(1, { error: 'errors.visitorIdInvalid' })
  .max(128, { error: 'errors.visitorIdInvalid' })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'errors.visitorIdInvalid' });

export const visitors = {
  record: defineRoute({
    method: 'PUT',
    path: '/api/auth/verify/:visitorId',
    summary: "Record this browser's visitor id for the signed-in user (no body)",
    access: 'signedIn',
    allowBanned: true,
    params: z.object({ visitorId: visitorIdSchema }),
    responses: { 204: null },
  }),
};
