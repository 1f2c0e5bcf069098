/** Media uploads (users with access): attached to a post when it is saved. */
import { directUploadCompleteSchema, directUploadRequestSchema } from '../uploadSchemas.ts';
import { directUploadSchema, mediaSchema } from '../responses.ts';
import { defineRoute } from './define.ts';
import { fileUploadBody, removeById } from './params.ts';

export const media = {
  upload: defineRoute({
    method: 'POST',
    path: '/api/media',
    summary: 'Upload an image or a video (multipart, one field "file"); not attached yet',
    access: 'member',
    rateLimit: { class: 'upload', per: 'user' },
    bodyType: 'multipart/form-data',
    body: fileUploadBody,
    responses: { 201: mediaSchema },
  }),
  remove: removeById(
    '/api/media/:id',
    'Delete an upload of your own that no post uses',
    'member',
    'errors.mediaNotFound',
  ),
  direct: defineRoute({
    method: 'POST',
    path: '/api/media/direct',
    summary: 'A presigned PUT for a video straight to the bucket (404 without S3 storage)',
    access: 'member',
    rateLimit: { class: 'upload', per: 'user' },
    body: directUploadRequestSchema,
    responses: { 201: directUploadSchema },
  }),
  directComplete: defineRoute({
    method: 'POST',
    path: '/api/media/direct/complete',
    summary: 'Check a direct upload and record it',
    access: 'member',
    body: directUploadCompleteSchema,
    responses: { 201: mediaSchema },
  }),
};
