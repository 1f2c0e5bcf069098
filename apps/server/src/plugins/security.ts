/**
 * Security headers on every response (registered first, on the root instance, so every route
 * gets them). The Content-Security-Policy allows no inline script: the web app is built by Vite
 * into files under /assets. MUI (emotion) injects <style> tags, hence 'unsafe-inline' for styles
 * only. HSTS and upgrade-insecure-requests only when the site is served over https.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

export function contentSecurityPolicy(config: Pick<Config, 'baseUrl'>) {
  const base = new URL(config.baseUrl);
  const https = base.protocol === 'https:';
  // 'self' covers same-origin WebSockets in current browsers; the explicit ws(s) origin covers the rest.
  const socketOrigin = `${https ? 'wss' : 'ws'}://${base.host}`;
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", socketOrigin],
      workerSrc: ["'self'", 'blob:'],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      ...(https ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const https = new URL(config.baseUrl).protocol === 'https:';
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: contentSecurityPolicy(config),
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
}
