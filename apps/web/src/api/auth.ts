/**
 * Our registration route (in the route table) and the calls of Better Auth. Better Auth's own
 * endpoints under /api/auth are not in the table (Better Auth declares and answers them): they go
 * through `betterAuth`, whose answers the app does not read (success or an ApiError is all).
 */
import type { RegisterInput } from '@atelier/shared';
import { call, request } from './client.ts';

const betterAuth = (
  path: `/api/auth/${string}`,
  body?: Record<string, unknown>,
): Promise<unknown> => request<unknown>(path, body ? { method: 'POST', body } : {});

export const authApi = {
  register: (input: RegisterInput) => call('POST /api/register', { body: input }),
  signIn: (email: string, password: string) =>
    betterAuth('/api/auth/sign-in/email', { email, password }),
  signOut: () => betterAuth('/api/auth/sign-out', {}),
  sendVerificationEmail: (email: string) =>
    betterAuth('/api/auth/send-verification-email', { email }),
  /** A GET: the link's token in the query. */
  verifyEmail: (token: string) =>
    betterAuth(`/api/auth/verify-email?token=${encodeURIComponent(token)}`),
  requestPasswordReset: (email: string) =>
    betterAuth('/api/auth/request-password-reset', { email }),
  resetPassword: (token: string, newPassword: string) =>
    betterAuth('/api/auth/reset-password', { token, newPassword }),
  changePassword: (currentPassword: string, newPassword: string) =>
    betterAuth('/api/auth/change-password', {
      currentPassword,
      newPassword,
      revokeOtherSessions: true,
    }),
  /** No body and no content-type: Fastify refuses a JSON content-type with an empty body. */
  verifyVisitor: (visitorId: string) =>
    call('PUT /api/auth/verify/:visitorId', { params: { visitorId } }),
};
