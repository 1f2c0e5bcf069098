/** Calls of Better Auth (under /api/auth) and our registration route. */
import type { RegisterInput, routes } from '@atelier/shared';
import { api, call } from './client.ts';

export const authApi = {
  register: (input: RegisterInput) => api.post<{ ok: true }>('/api/register', input),
  signIn: (email: string, password: string) =>
    api.post<unknown>('/api/auth/sign-in/email', { email, password }),
  signOut: () => api.post<unknown>('/api/auth/sign-out', {}),
  sendVerificationEmail: (email: string) =>
    api.post<unknown>('/api/auth/send-verification-email', { email }),
  verifyEmail: (token: string) =>
    api.get<{ status: boolean }>(`/api/auth/verify-email?token=${encodeURIComponent(token)}`),
  requestPasswordReset: (email: string) =>
    api.post<unknown>('/api/auth/request-password-reset', { email }),
  resetPassword: (token: string, newPassword: string) =>
    api.post<unknown>('/api/auth/reset-password', { token, newPassword }),
  changePassword: (currentPassword: string, newPassword: string) =>
    api.post<unknown>('/api/auth/change-password', {
      currentPassword,
      newPassword,
      revokeOtherSessions: true,
    }),
  /** No body and no content-type: Fastify refuses a JSON content-type with an empty body. */
  verifyVisitor: (visitorId: string) =>
    call<typeof routes.visitors.record>('PUT /api/auth/verify/:visitorId', {
      params: { visitorId },
    }),
};
