/**
 * Builds the Fastify app (used by main.ts and by tests). Order: external plugins (security,
 * rate limits, auth), then app routes under /api, then the web app with its index.html fallback.
 */
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { errorHandler } from './lib/error-handler.ts';
import { loggingOptions } from './lib/logging.ts';
import { setMarkdownOrigin } from './lib/markdown.ts';
import { RESPONSE_COMPRESSION } from './lib/precompressed.ts';
import { registerAdmission } from './plugins/admission.ts';
import { registerHealth } from './plugins/health.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerPayloadCache } from './plugins/payload-cache.ts';
import { registerRequestId, requestIdOf } from './plugins/request-id.ts';
import { registerInputText } from './plugins/input-text.ts';
import { registerRateLimiter } from './lib/rate-limit.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerWeb } from './plugins/web.ts';
import authPlugin from './auth/plugin.ts';
import { backfillUsernameSkeletons } from './auth/username.ts';
import { featureRoutes } from './features/index.ts';
import livePlugin from './live/plugin.ts';
import { presentNotifications } from './features/notifications/presenter.ts';
import { registerBackupChannel } from './backup/channel.ts';

export interface AppDeps {
  config: Config;
  database: Database;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Every route registered (method, URL pattern): the OpenAPI test compares it with the document. */
    registeredRoutes: { method: string; url: string }[];
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    // JSON lines on stdout, one per request (lib/logging.ts).
    ...loggingOptions(deps.config),
    trustProxy: deps.config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Router-level errors (a malformed URL, a parameter longer than any id) get our error shape.
    frameworkErrors: (err, request, reply) => {
      void errorHandler(err, request, reply);
    },
    // Request ids (plugins/request-id.ts): a sane incoming X-Request-Id, else a random UUID.
    requestIdHeader: false,
    genReqId: requestIdOf,
  });
  app.decorate('deps', deps);
  // Post and comment bodies are rendered to HTML against the site's origin (lib/markdown.ts).
  setMarkdownOrigin(deps.config.baseUrl);
  const registeredRoutes: { method: string; url: string }[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registeredRoutes.push({ method, url: route.url });
  });
  // Usernames written before their skeleton column get one before anything is served.
  await backfillUsernameSkeletons(deps.database.db, (msg, data) => app.log.warn(data, msg));
  app.setErrorHandler(errorHandler);
  registerRequestId(app);
  // Before the admission gate and the rate limiter, which report to it.
  registerMetrics(app, deps.config, deps.database);
  // Before every plugin: NUL bytes, lone surrogates and invalid UTF-8 are a 400 on every route.
  registerInputText(app);
  registerSecurity(app, deps.config);
  // Before every route: a bounded queue of /api requests in front of the database (503 when full).
  registerAdmission(app, deps.config);
  await registerRateLimiter(app, deps.config);
  // JSON answers over 1 KB are compressed per request (brotli at a cheap quality, or gzip); the web
  // app's files are compressed once at build time and sent as they are (plugins/web.ts).
  await app.register(fastifyCompress, {
    threshold: RESPONSE_COMPRESSION.threshold,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: RESPONSE_COMPRESSION.brotliQuality },
    },
    zlibOptions: { level: RESPONSE_COMPRESSION.gzipLevel },
  });

  // Shared payloads per node, dropped by writes and domain events (here and through Redis).
  registerPayloadCache(app, deps.config, deps.database.location);
  await registerHealth(app, deps.config, deps.database);

  await app.register(authPlugin);
  await app.register(livePlugin, { presentNotifications });
  await app.register(featureRoutes);
  registerOpenApi(app);

  await registerWeb(app, deps.config);
  // Embedded database in a directory: DATA_DIR/backup.sock for `npm run backup` (backup/channel.ts).
  registerBackupChannel(app);

  return app;
}
