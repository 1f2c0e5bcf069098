/**
 * Files read at run time by path (migrations, the common-password list) live beside the source
 * in the source tree and are copied beside the bundle by `scripts/build-server.mjs`. The build
 * defines `__ATELIER_BUNDLE__`; under tsx (dev, tests, CLIs) it is not defined.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

declare const __ATELIER_BUNDLE__: boolean | undefined;

/** True when running from `apps/server/dist` (the esbuild bundle). */
export const bundled = typeof __ATELIER_BUNDLE__ !== 'undefined' && __ATELIER_BUNDLE__;

const here = path.dirname(fileURLToPath(import.meta.url));
/** `apps/server/src` in the source tree, `apps/server/dist` in the build. */
const codeRoot = bundled ? here : path.resolve(here, '..');

/** A file shipped with the code, by its path under `apps/server/src` (e.g. `auth/x.txt`). */
export function shippedFile(relativeToSrc: string): string {
  return path.join(codeRoot, relativeToSrc);
}

/** The drizzle migrations: `apps/server/drizzle`, copied to `apps/server/dist/drizzle`. */
export const migrationsDir = bundled
  ? path.join(codeRoot, 'drizzle')
  : path.resolve(codeRoot, '../drizzle');
