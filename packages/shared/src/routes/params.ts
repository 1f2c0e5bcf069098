/** Path parameters, the upload body and the delete-by-id route several route files share. */
import { z } from 'zod';
import { defineRoute, type AccessLevel } from './define.ts';

/** `:id` as a uuid (with `paramsNotFound`, anything else is that 404). */
export const uuidParams = z.object({ id: z.uuid() });

/**
 * What a route on one thing by its `:id` (a uuid) declares: who may call it, and the 404 code an
 * id that cannot name one answers.
 */
export const byId = <const A extends AccessLevel, const N extends string>(access: A, notFound: N) =>
  ({ access, params: uuidParams, paramsNotFound: notFound }) as const;

/** DELETE one thing by its `:id` (a uuid), answering 204 with no body. */
export const removeById = <
  const P extends string,
  const A extends AccessLevel,
  const N extends string,
>(
  path: P,
  summary: string,
  access: A,
  notFound: N,
) =>
  defineRoute({
    method: 'DELETE',
    path,
    summary,
    ...byId(access, notFound),
    responses: { 204: null },
  });

/** A multipart upload of one field "file" (documented as binary; the handler reads the file). */
export const fileUploadBody = z.object({ file: z.string().meta({ format: 'binary' }) });
