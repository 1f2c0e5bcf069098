/**
 * GET/HEAD /media/* when media live in a bucket: streamed from the store with the same headers as
 * the local folder's static files (type, cache-control, CSP, ETag) and single byte ranges (206,
 * 416) so that videos can seek. With MEDIA_BASE_URL the answer is a redirect to that public URL.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorMessage } from '../../lib/error-messages.ts';
import { MEDIA_KEY, type ByteRange, type MediaStore } from '../../lib/storage/index.ts';

export const MEDIA_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; sandbox";

/** The first range of a `bytes=` header, null for none/unparsable, 'unsatisfiable' past the end. */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | null | 'unsatisfiable' {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.split(',')[0]?.trim() ?? '') : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

export function registerStoreMedia(
  app: FastifyInstance,
  store: MediaStore,
  options: { cacheControl: string; mediaBaseUrl?: string | undefined },
): void {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = (request.params as { '*': string })['*'];
    const notFound = () =>
      reply.status(404).send({
        error: { code: 'errors.notFound', message: errorMessage(request, 'errors.notFound') },
      });
    if (!MEDIA_KEY.test(key) || key.startsWith('uploads/')) return notFound();
    if (options.mediaBaseUrl) {
      return reply.redirect(`${options.mediaBaseUrl.replace(/\/+$/, '')}/${key}`, 302);
    }
    const head = await store.head(key);
    if (!head) return notFound();
    reply
      .header('cache-control', options.cacheControl)
      .header('content-security-policy', MEDIA_CSP)
      .header('x-content-type-options', 'nosniff')
      .header('accept-ranges', 'bytes')
      .header('content-type', head.contentType);
    if (head.etag) reply.header('etag', head.etag);
    if (head.lastModified) reply.header('last-modified', head.lastModified.toUTCString());
    if (head.etag && request.headers['if-none-match'] === head.etag) {
      return reply.status(304).send();
    }
    const range = parseRange(request.headers.range, head.size);
    if (range === 'unsatisfiable') {
      return reply.status(416).header('content-range', `bytes */${head.size}`).send();
    }
    const length = range ? range.end - range.start + 1 : head.size;
    reply.header('content-length', String(length));
    if (range) {
      reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${head.size}`);
    }
    if (request.method === 'HEAD') return reply.send();
    const got = await store.getStream(key, range ?? undefined);
    if (!got) return notFound();
    return reply.send(got.body);
  };
  app.route({ method: ['GET', 'HEAD'], url: '/media/*', handler, exposeHeadRoute: false });
}
