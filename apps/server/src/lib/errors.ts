/**
 * One error type with a stable `code` (a translation key the web app shows). The Fastify error
 * handler in app.ts turns it into `{ error: { code, message, fields? } }`, the message written in
 * the request's language (lib/error-messages.ts): the text of `message` when it is a key of the
 * locale files (filled from `fields`), else the code's.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message?: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message ?? code);
  }
}

export const badRequest = (code: string, fields?: Record<string, string>) =>
  new AppError(400, code, code, fields);
export const unauthorized = () => new AppError(401, 'errors.unauthorized');
export const forbidden = (code = 'errors.forbidden') => new AppError(403, code);
export const notFound = (code = 'errors.notFound') => new AppError(404, code);
export const conflict = (code: string, fields?: Record<string, string>) =>
  new AppError(409, code, code, fields);
