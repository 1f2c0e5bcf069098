/** The web app's unhandled errors, logged by the server (anyone, limited per IP). */
import { clientErrorSchema } from '../schemas.ts';
import { defineRoute } from './define.ts';

export const clientErrors = {
  report: defineRoute({
    method: 'POST',
    path: '/api/client-errors',
    summary: "Log one of the web app's unhandled errors",
    access: 'public',
    rateLimit: { class: 'clientErrorIp', per: 'ip' },
    body: clientErrorSchema,
    responses: { 204: null },
  }),
};
