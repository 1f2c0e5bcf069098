/**
 * A fixed answer compressed once (the OpenAPI document): brotli and gzip copies made when it is
 * first asked for, then sent as they are to each client by its `Accept-Encoding`
 * (`Vary: Accept-Encoding`), with an `ETag` and `304 Not Modified` (lib/http-cache.ts). The
 * response compression plugin leaves an answer alone once it has a `Content-Encoding`.
 */
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notModified } from './http-cache.ts';

/**
 * How JSON answers are compressed. Per request (the response compression plugin in app.ts):
 * brotli at quality 2, about half the CPU of quality 4 for 4 % more bytes (on the home's 8 KB:
 * ~80 µs instead of ~160 µs; compression was a fifth of the CPU a signed-in read cost). Once per
 * cached value (the shared answers' bodies, `compressedBody`): quality 5, since it runs once.
 */
export const RESPONSE_COMPRESSION = {
  /** Smaller answers are sent as they are. */
  threshold: 1024,
  brotliQuality: 2,
  gzipLevel: 6,
} as const;
const ONCE_COMPRESSION = { brotliQuality: 5, gzipLevel: 9 } as const;

export type Encoding = 'br' | 'gzip' | 'identity';

/** `identity` compressed once for `encoding` (unchanged below the threshold). */
export function compressedBody(
  identity: Buffer,
  encoding: Encoding,
): { encoding: Encoding; body: Buffer } {
  if (encoding === 'identity' || identity.length < RESPONSE_COMPRESSION.threshold)
    return { encoding: 'identity', body: identity };
  const body =
    encoding === 'br'
      ? zlib.brotliCompressSync(identity, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: ONCE_COMPRESSION.brotliQuality },
        })
      : zlib.gzipSync(identity, { level: ONCE_COMPRESSION.gzipLevel });
  return { encoding, body };
}

export interface Precompressed {
  type: string;
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export function precompress(body: string, type: string): Precompressed {
  const identity = Buffer.from(body);
  return {
    type,
    etag: `"${createHash('sha1').update(identity).digest('base64url')}"`,
    identity,
    br: zlib.brotliCompressSync(identity, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
    }),
    gzip: zlib.gzipSync(identity, { level: zlib.constants.Z_BEST_COMPRESSION }),
  };
}

/**
 * Accept-Encoding values seen → their encoding: browsers send a handful of spellings, and parsing
 * one per request showed in a cached read's profile. Bounded (emptied when full).
 */
const encodings = new Map<string, Encoding>();
const ENCODINGS_MAX = 500;

/** The copy the client takes: brotli before gzip, identity when it names neither (or q=0). */
export function encodingFor(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let encoding = encodings.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = parseEncoding(acceptEncoding);
    if (acceptEncoding.length <= 200) {
      if (encodings.size >= ENCODINGS_MAX) encodings.clear();
      encodings.set(acceptEncoding, encoding);
    }
  }
  return encoding;
}

function parseEncoding(acceptEncoding: string): Encoding {
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

/** Sends the answer (or a 304) for a public resource the same for everyone. */
export function sendPrecompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: Precompressed,
): FastifyReply {
  void reply.header('vary', 'accept-encoding');
  if (notModified(request, reply, { etag: () => answer.etag }, { shared: true }))
    return reply.send();
  const encoding = encodingFor(request.headers['accept-encoding']);
  void reply.type(answer.type);
  if (encoding !== 'identity') void reply.header('content-encoding', encoding);
  return reply.send(answer[encoding]);
}
