/**
 * For the transform of a form's schema whose fields are not the request's (a list typed with
 * empty items, a choice not made yet, only what changed): `value` — the request — checked by the
 * shared `schema`; its errors, moved back onto the fields on screen by `remap`, become the form's.
 */
import { z } from 'zod';
import { issuesToFieldErrors, type FieldErrors } from './errors.ts';

export function checkOnFields<S extends z.ZodType>(
  schema: S,
  value: unknown,
  ctx: z.RefinementCtx,
  remap: (errors: FieldErrors) => FieldErrors = (errors) => errors,
): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const [name, message] of Object.entries(remap(issuesToFieldErrors(parsed.error.issues))))
    ctx.addIssue({ code: 'custom', path: name.split('.'), message });
  return z.NEVER;
}
