/** Promotion requests: creators on probation ask, moderators decide. */
import { z } from 'zod';
import {
  approvePromotionSchema,
  declinePromotionSchema,
  promotionRequestSchema,
} from '../moderationSchemas.ts';
import { myPromotionSchema, promotionRequestResponseSchema } from '../responses.ts';
import { defineRoute } from './define.ts';
import { byId } from './params.ts';

const decision = byId('moderator', 'errors.moderation.promotionNotFound');

export const promotions = {
  request: defineRoute({
    method: 'POST',
    path: '/api/promotion-requests',
    summary: 'Ask for promotion with a portfolio of own posts (creators on probation)',
    access: 'member',
    body: promotionRequestSchema,
    responses: { 201: promotionRequestResponseSchema },
  }),
  mine: defineRoute({
    method: 'GET',
    path: '/api/promotion-requests/mine',
    summary: 'Own latest promotion request, and the types one may ask for',
    access: 'member',
    responses: { 200: myPromotionSchema },
  }),
  pending: defineRoute({
    method: 'GET',
    path: '/api/promotion-requests',
    summary: 'Pending promotion requests, oldest first (moderators)',
    access: 'moderator',
    responses: { 200: z.array(promotionRequestResponseSchema) },
  }),
  approve: defineRoute({
    method: 'POST',
    path: '/api/promotion-requests/:id/approve',
    summary: 'Approve a pending request, with an optional note (moderators)',
    ...decision,
    body: approvePromotionSchema,
    responses: { 200: promotionRequestResponseSchema },
  }),
  decline: defineRoute({
    method: 'POST',
    path: '/api/promotion-requests/:id/decline',
    summary: 'Decline a pending request with a note the creator reads (moderators)',
    ...decision,
    body: declinePromotionSchema,
    responses: { 200: promotionRequestResponseSchema },
  }),
};
