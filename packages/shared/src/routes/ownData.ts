/** One's own data: the export (a ZIP) and account deletion (signed in, banned users too). */
import { z } from 'zod';
import { accountDeletionSchema } from '../schemas.ts';
import { currentUserSchema } from '../responses.ts';
import { defineRoute } from './define.ts';

export const ownData = {
  export: defineRoute({
    method: 'GET',
    path: '/api/me/export',
    summary: "Everything one wrote (JSON files) and one's media, as a streamed ZIP download",
    access: 'signedIn',
    allowBanned: true,
    rateLimit: { class: 'dataExport', per: 'user' },
    responseType: 'application/zip',
    responses: { 200: z.string().meta({ format: 'binary' }) },
  }),
  requestDeletion: defineRoute({
    method: 'POST',
    path: '/api/me/deletion',
    summary:
      'Schedule the deletion of the account (password checked; mode keep or remove content); ' +
      'every session ends',
    access: 'signedIn',
    allowBanned: true,
    rateLimit: { class: 'accountDeletion', per: 'user', afterValidation: true },
    body: accountDeletionSchema,
    responses: { 200: currentUserSchema },
  }),
  cancelDeletion: defineRoute({
    method: 'DELETE',
    path: '/api/me/deletion',
    summary: 'Cancel a scheduled deletion during its grace period',
    access: 'signedIn',
    allowBanned: true,
    responses: { 200: currentUserSchema },
  }),
};
