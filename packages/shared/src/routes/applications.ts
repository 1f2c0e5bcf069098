/** Applications for access: verified users apply, moderators decide. */
import { z } from 'zod';
import {
  applicationSchema,
  approveApplicationSchema,
  rejectApplicationSchema,
} from '../schemas.ts';
import { applicationResponseSchema, myApplicationSchema } from '../responses.ts';
import { defineRoute } from './define.ts';
import { byId } from './params.ts';

const decision = byId('moderator', 'errors.applicationNotFound');

export const applications = {
  mine: defineRoute({
    method: 'GET',
    path: '/api/applications/mine',
    summary: 'Own latest application, and when a rejected applicant may apply again',
    access: 'verified',
    responses: { 200: myApplicationSchema },
  }),
  submit: defineRoute({
    method: 'POST',
    path: '/api/applications',
    summary: 'Apply for access (one pending at a time; again 30 days after a rejection)',
    access: 'verified',
    body: applicationSchema,
    responses: { 201: applicationResponseSchema },
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/applications',
    summary: 'Applications in a state, oldest first (moderators)',
    access: 'moderator',
    query: z.object({
      state: z
        .enum(['pending', 'approved', 'rejected'], { error: 'errors.invalid' })
        .default('pending'),
    }),
    responses: { 200: z.array(applicationResponseSchema) },
  }),
  approve: defineRoute({
    method: 'POST',
    path: '/api/applications/:id/approve',
    summary: 'Approve a pending application with the role granted (moderators)',
    ...decision,
    body: approveApplicationSchema,
    responses: { 200: applicationResponseSchema },
  }),
  reject: defineRoute({
    method: 'POST',
    path: '/api/applications/:id/reject',
    summary: 'Reject a pending application with a note the applicant reads (moderators)',
    ...decision,
    body: rejectApplicationSchema,
    responses: { 200: applicationResponseSchema },
  }),
};
