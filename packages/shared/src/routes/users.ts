/** One's own account (GET/PATCH /api/me, the avatar) and registration. */
import { accountUpdateSchema, registerSchema } from '../schemas.ts';
import { currentUserSchema, registeredSchema } from '../responses.ts';
import { defineRoute } from './define.ts';
import { fileUploadBody } from './params.ts';

export const users = {
  register: defineRoute({
    method: 'POST',
    path: '/api/register',
    summary:
      'Create an account and sign in (sets the session cookie); 409 errors.usernameTaken or ' +
      'errors.emailTaken with the field; the verification e-mail goes out in `language`',
    access: 'public',
    rateLimit: { class: 'signUpIp', per: 'ip' },
    body: registerSchema,
    responses: { 201: registeredSchema },
  }),
  me: defineRoute({
    method: 'GET',
    path: '/api/me',
    summary: 'The signed-in user (banned users too)',
    access: 'signedIn',
    allowBanned: true,
    responses: { 200: currentUserSchema },
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/me',
    summary: 'Change own username, bio, links, language or displayed role (fields left out stay)',
    access: 'signedIn',
    allowBanned: true,
    body: accountUpdateSchema,
    responses: { 200: currentUserSchema },
  }),
  uploadAvatar: defineRoute({
    method: 'POST',
    path: '/api/me/avatar',
    summary: 'Upload own avatar (multipart, one field "file": an image, made a 256 px WebP)',
    access: 'signedIn',
    bodyType: 'multipart/form-data',
    body: fileUploadBody,
    responses: { 200: currentUserSchema },
  }),
  removeAvatar: defineRoute({
    method: 'DELETE',
    path: '/api/me/avatar',
    summary: 'Remove own avatar',
    access: 'signedIn',
    responses: { 200: currentUserSchema },
  }),
};
