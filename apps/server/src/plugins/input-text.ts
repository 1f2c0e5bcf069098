/**
 * Text the database cannot store is refused at the door, once for every route: a NUL character
 * (PostgreSQL's text cannot hold U+0000), a lone UTF-16 surrogate (not encodable as UTF-8), or a
 * body or URL that is not valid UTF-8. Checked in path params, the query string and the body
 * (parsed JSON, or the raw bytes the Better Auth bridge hands on) before any route's own
 * preHandler, so the answer is always 400 `errors.invalidCharacters` with the offending field,
 * and nothing reaches a service or the database.
 *
 * Registered on the root instance before every plugin, so every route (including /api/auth/*
 * and scopes with their own parsers) gets the hook.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';

const INVALID_CHARACTERS = 'errors.invalidCharacters';

/** U+0000 or a lone surrogate (with the `u` flag a valid pair is one code point and never matches). */
// eslint-disable-next-line no-control-regex -- matching U+0000 is the point
const BAD_TEXT = /\u0000|[\uD800-\uDFFF]/u;

export const hasInvalidText = (text: string): boolean => BAD_TEXT.test(text);

export function invalidCharacters(field: string): AppError {
  return new AppError(400, INVALID_CHARACTERS, 'Invalid characters in the request', {
    [field]: INVALID_CHARACTERS,
  });
}

/**
 * The dotted path (`links.2`, `_` for the value itself) of the first string or key holding
 * invalid text in a parsed value, or undefined. Iterative: deep nesting cannot overflow the stack.
 */
export function findInvalidText(value: unknown): string | undefined {
  if (typeof value === 'string') return hasInvalidText(value) ? '_' : undefined;
  if (value === null || typeof value !== 'object' || isEmpty(value)) return undefined;
  const stack: [unknown, string][] = [[value, '']];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [current, path] = next;
    if (typeof current === 'string') {
      if (hasInvalidText(current)) return path || '_';
      continue;
    }
    if (current === null || typeof current !== 'object' || Buffer.isBuffer(current)) continue;
    for (const key of Object.keys(current)) {
      const childPath = path ? `${path}.${key}` : key;
      if (hasInvalidText(key)) return childPath;
      stack.push([(current as Record<string, unknown>)[key], childPath]);
    }
  }
  return undefined;
}

/** No own or inherited enumerable key (a request's `{}` params or query: nothing to walk). */
function isEmpty(value: object): boolean {
  for (const _key in value) return false;
  return true;
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The bytes as text, or undefined when they are not valid UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Percent-decodes a part of the URL; undefined when the escapes are not valid UTF-8. A `%` that
 * starts no escape is kept as it is (the router and query parser do the same).
 */
function decodeUrlPart(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ').replace(/%(?![0-9A-Fa-f]{2})/g, '%25'));
  } catch {
    return undefined;
  }
}

function urlPartIsValid(raw: string): boolean {
  const text = decodeUrlPart(raw);
  return text !== undefined && !hasInvalidText(text);
}

/** The first invalid `name=value` pair of a query string or form body, by name ('_' if unnamed). */
function invalidPair(encoded: string): string | undefined {
  for (const pair of encoded.split('&')) {
    if (urlPartIsValid(pair)) continue;
    const eq = pair.indexOf('=');
    const name = eq === -1 ? pair : pair.slice(0, eq);
    return urlPartIsValid(name) ? safeName(name) : '_';
  }
  return undefined;
}

/**
 * A raw body (the Better Auth bridge's buffer): valid UTF-8, and no invalid text in its JSON
 * or its form fields (Better Auth accepts both).
 */
function checkRawBody(body: Buffer, contentType: string | undefined): void {
  if (body.length === 0) return;
  const text = decodeUtf8(body);
  if (text === undefined) throw invalidCharacters('_');
  if (contentType?.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    const field = invalidPair(text);
    if (field !== undefined) throw invalidCharacters(field);
  }
  if (!hasInvalidText(text) && !text.includes('\\u')) return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: a raw NUL still has no business in a request body.
    if (hasInvalidText(text)) throw invalidCharacters('_');
    return;
  }
  const field = findInvalidText(parsed);
  if (field !== undefined) throw invalidCharacters(field);
}

export function checkRequestText(request: FastifyRequest): void {
  // Parsed values first, to name the field.
  const inParams = findInvalidText(request.params);
  if (inParams !== undefined) throw invalidCharacters(inParams);
  const inQuery = findInvalidText(request.query);
  if (inQuery !== undefined) throw invalidCharacters(inQuery);
  if (Buffer.isBuffer(request.body)) checkRawBody(request.body, request.headers['content-type']);
  else {
    const inBody = findInvalidText(request.body);
    if (inBody !== undefined) throw invalidCharacters(inBody);
  }
  // Then the URL as sent: every percent-escape must decode to valid UTF-8 (the router and the
  // query-string parser would otherwise keep the raw escape or put U+FFFD in silently).
  const url = request.raw.url ?? request.url;
  // Without an escape nothing decodes to anything else: the URL as sent is the text to check
  // (most URLs: no split, no decoding; an invalid one goes on below, to name its field).
  if (!url.includes('%') && !hasInvalidText(url)) return;
  const queryAt = url.indexOf('?');
  if (!urlPartIsValid(queryAt === -1 ? url : url.slice(0, queryAt))) throw invalidCharacters('_');
  const inQueryString = queryAt === -1 ? undefined : invalidPair(url.slice(queryAt + 1));
  if (inQueryString !== undefined) throw invalidCharacters(inQueryString);
}

function safeName(raw: string): string {
  return decodeUrlPart(raw) || '_';
}

export function registerInputText(app: FastifyInstance): void {
  // JSON bodies must be valid UTF-8 (Node's decoding would replace bad bytes with U+FFFD); then
  // Fastify's own parser (with its __proto__ / constructor checks) parses the text.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    const text = decodeUtf8(bytes);
    if (text === undefined) {
      done(invalidCharacters('_'), undefined);
      return;
    }
    void parseJson(request, text, done);
  });

  app.addHook('preValidation', (request, _reply, done) => {
    try {
      checkRequestText(request);
    } catch (err) {
      done(err as Error);
      return;
    }
    done();
  });
}
