/**
 * Error display helpers. Server codes and field messages are translation keys (`errors.*`,
 * `errors.auth.*`); an unknown code falls back to a generic message.
 */
import { relativeTimeFormat } from '@atelier/shared';
import { ApiError, rateLimitWait } from '../api/client.ts';
import {
  exists,
  language as currentLanguage,
  type TFunction,
  type TOptions,
} from '../i18n/translate.ts';

/** field name (dotted path for arrays: `links.2`) → translation key */
export type FieldErrors = Record<string, string>;

/** "in 45 seconds", "in 5 minutes", "in 2 hours" in the current language. */
export function waitPhrase(seconds: number, language: string): string {
  const format = relativeTimeFormat(language, 'always');
  if (seconds < 60) return format.format(seconds, 'second');
  if (seconds < 90 * 60) return format.format(Math.ceil(seconds / 60), 'minute');
  return format.format(Math.ceil(seconds / 3600), 'hour');
}

export function translateError(
  t: TFunction,
  code: string | null | undefined,
  params?: TOptions,
): string {
  if (code === 'errors.rateLimited') {
    // The wait of the latest 429 answer (its Retry-After), while it lasts.
    const wait = rateLimitWait();
    if (wait !== null)
      return t('errors.rateLimitedWait', { when: waitPhrase(wait, currentLanguage()) });
  }
  if (code && code.startsWith('errors.') && exists(code)) return t(code, params);
  return t('errors.unknown');
}

/** Field errors of a failed Zod parse, first message per field. */
export function issuesToFieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    out[key] ??= issue.message;
  }
  return out;
}

/** Field errors the server returned, keeping only those that are translation keys. */
export function serverFieldErrors(err: unknown): FieldErrors {
  if (!(err instanceof ApiError)) return {};
  const out: FieldErrors = {};
  for (const [name, key] of Object.entries(err.fields)) {
    if (key.startsWith('errors.')) out[name] = key;
  }
  return out;
}

/** The translation key of an error to show above the form, if it is not only about fields. */
export function generalErrorCode(err: unknown): string | null {
  if (!err) return null;
  if (err instanceof ApiError) {
    // Shown next to the fields already: a generic "check the fields", or the same message.
    const onFields = Object.values(serverFieldErrors(err));
    if (onFields.length > 0 && (err.code === 'errors.validation' || onFields.includes(err.code)))
      return null;
    return err.code;
  }
  return 'errors.unknown';
}
