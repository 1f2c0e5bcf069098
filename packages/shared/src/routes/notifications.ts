/** Notifications of the signed-in member: the bell's list, the history, dismissing, preferences. */
import { z } from 'zod';
import {
  dismissAllResultSchema,
  notificationHistoryQuerySchema,
  notificationPageSchema,
  notificationPreferencesSchema,
  notificationPreferencesUpdateSchema,
  notificationSchema,
} from '../notificationSchemas.ts';
import { defineRoute } from './define.ts';
import { byId } from './params.ts';

export const notifications = {
  list: defineRoute({
    method: 'GET',
    path: '/api/notifications',
    summary: 'The 10 most recent undismissed notifications of the user, newest first (the bell)',
    access: 'member',
    responses: { 200: z.array(notificationSchema) },
  }),
  history: defineRoute({
    method: 'GET',
    path: '/api/notifications/history',
    summary: 'Every notification of the user, dismissed included, newest first (cursor, type)',
    access: 'member',
    query: notificationHistoryQuerySchema,
    responses: { 200: notificationPageSchema },
  }),
  dismissAll: defineRoute({
    method: 'POST',
    path: '/api/notifications/dismiss-all',
    summary: 'Dismiss every undismissed notification of the user',
    access: 'member',
    responses: { 200: dismissAllResultSchema },
  }),
  dismiss: defineRoute({
    method: 'POST',
    path: '/api/notifications/:id/dismiss',
    summary: "Dismiss one of the user's notifications (someone else's is not found)",
    ...byId('member', 'errors.notificationNotFound'),
    responses: { 200: notificationSchema },
  }),
  preferences: defineRoute({
    method: 'GET',
    path: '/api/notifications/preferences',
    summary: 'Which notification types the user receives (all by default)',
    access: 'member',
    responses: { 200: notificationPreferencesSchema },
  }),
  updatePreferences: defineRoute({
    method: 'PUT',
    path: '/api/notifications/preferences',
    summary: 'Switch notification types on or off (the ones left out stay as they are)',
    access: 'member',
    body: notificationPreferencesUpdateSchema,
    responses: { 200: notificationPreferencesSchema },
  }),
};
