/**
 * The `message` of an API error, in the language of the one who asked: the text of its `code`
 * (a key of the locale files, which the web app shows by the same key) from
 * `@atelier/shared/locales/<language>.json`. The language is the signed-in user's saved one when
 * the request got as far as loading them, else the first language of `Accept-Language` that the
 * site has (HTTP's negotiation: an API client asks for the language it wants first), else English.
 * Only error answers pay for it.
 */
import type { FastifyRequest } from 'fastify';
import {
  acceptedLanguages,
  baseCode,
  defaultLanguage,
  isLanguage,
  type ApiError,
  type Language,
} from '@atelier/shared';
import { errors as en } from '@atelier/shared/locales/en.json';
import { errors as es } from '@atelier/shared/locales/es.json';
import { errors as fr } from '@atelier/shared/locales/fr.json';
import { errors as ko } from '@atelier/shared/locales/ko.json';

interface Messages {
  [key: string]: string | Messages;
}

const catalogues: Record<Language, Messages> = { en, ko, fr, es };

/** The text of `code` (`errors.…`) in `language`, if the locale files have it. */
export function errorText(code: string, language: Language): string | undefined {
  const [namespace, ...path] = code.split('.');
  if (namespace !== 'errors' || path.length === 0) return undefined;
  let node: string | Messages | undefined = catalogues[language];
  for (const part of path) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The language an error answer to `request` is written in. */
export function errorLanguage(request: FastifyRequest): Language {
  const saved = request.viewer?.user.language;
  if (isLanguage(saved)) return saved;
  for (const tag of acceptedLanguages(request.headers['accept-language'])) {
    const base = baseCode(tag);
    if (isLanguage(base)) return base;
  }
  return defaultLanguage;
}

/**
 * The message of an error with `code` answered to `request`, in the request's language: the text
 * of `message` when that is a key of the locale files too (a more precise one, such as
 * `errors.fileTooLargeSize`), else the code's; `message` itself (or the code) when the locale
 * files have neither. `{{name}}` in the text is filled from `params` (the error's `fields`).
 */
export function errorMessage(
  request: FastifyRequest,
  code: string,
  message?: string,
  params?: Record<string, string>,
): string {
  const language = errorLanguage(request);
  const text =
    (message === undefined ? undefined : errorText(message, language)) ?? errorText(code, language);
  if (text === undefined) return message ?? code;
  return params ? text.replace(/\{\{(\w+)\}\}/g, (all, name: string) => params[name] ?? all) : text;
}

/** `body` with its message written for `request` (an error body made without the request). */
export function localizedError(request: FastifyRequest, body: ApiError): ApiError {
  return {
    error: { ...body.error, message: errorMessage(request, body.error.code, body.error.message) },
  };
}
