/**
 * GET /api/openapi.json: the OpenAPI 3.1 document (lib/openapi.ts), built and compressed once (served
 * by Accept-Encoding, with an ETag: lib/precompressed.ts). GET /api/docs: a
 * browsable page (Swagger UI from the swagger-ui-dist package, served from node_modules: no CDN;
 * no inline script, so the site's Content-Security-Policy holds).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../lib/errors.ts';
import { buildOpenApi } from '../lib/openapi.ts';
import { precompress, sendPrecompressed, type Precompressed } from '../lib/precompressed.ts';

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Atelier API</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

const init = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui' });\n`;

const files: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

export function registerOpenApi(app: FastifyInstance) {
  let document: Precompressed | undefined;
  app.get('/api/openapi.json', (request, reply) => {
    document ??= precompress(JSON.stringify(buildOpenApi()), 'application/json; charset=utf-8');
    return sendPrecompressed(request, reply, document);
  });

  app.get('/api/docs', (_request, reply) => reply.type('text/html; charset=utf-8').send(page));

  const dist = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  app.get('/api/docs/:file', (request, reply) => {
    const { file } = request.params as { file: string };
    if (file === 'init.js') return reply.type('text/javascript; charset=utf-8').send(init);
    const type = files[file];
    if (!type) throw notFound();
    return reply.type(type).send(fs.createReadStream(path.join(dist, file)));
  });
}
