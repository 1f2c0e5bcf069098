/**
 * The size budget of the first download, on the built files (`npm run build` first, as for every
 * browser test): the scripts index.html names — the entry and its static imports, which every route
 * loads before its first screen — stay within `initialJsBudgetKb` gzip, the first screens' scripts
 * (entry + page chunks) within `routeJsBudgetKb`, and the route table lists the page chunks the
 * server announces for the first screens measured by `npm run bench:web`.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import {
  budgetedRoutes,
  initialJs,
  initialJsBudgetKb,
  routeJsBudgetKb,
} from '../../apps/web/build/bundle-size.ts';
import { repoRoot } from '../lib/server.ts';

const distDir = path.join(repoRoot, 'apps/web/dist');

describe('bundle budget', () => {
  const report = initialJs(distDir);

  it(`keeps the entry's scripts within ${initialJsBudgetKb} KB gzip`, () => {
    const kb = (report.entryGzip / 1024).toFixed(1);
    assert.ok(
      report.entryGzip <= initialJsBudgetKb * 1024,
      `entry scripts ${kb} KB gzip > ${initialJsBudgetKb} KB: ${report.entry.map((f) => f.file).join(', ')}`,
    );
  });

  it(`keeps the first screens' scripts within ${routeJsBudgetKb} KB gzip`, () => {
    for (const route of budgetedRoutes) {
      const size = report.routes[route] ?? 0;
      assert.ok(
        size <= routeJsBudgetKb * 1024,
        `${route}: ${(size / 1024).toFixed(1)} KB gzip > ${routeJsBudgetKb} KB`,
      );
    }
  });

  it('loads no MUI or Emotion in the entry', () => {
    // MUI's components load with the pages that draw them (their theme is MUI's default one:
    // build/mui-theme.ts), the base styles are a static sheet: the entry runs no style engine.
    const withStyles = report.entry
      .map((f) => f.file)
      .filter((url) =>
        fs
          .readFileSync(path.join(distDir, url.replace(/^\//, '')), 'utf8')
          .includes('data-emotion'),
      );
    assert.deepEqual(withStyles, [], 'the entry loads Emotion');
  });

  it('announces the page chunks of the first screens', () => {
    for (const route of ['/', '/login', '/posts/:postId'])
      assert.ok(
        (report.routes[route] ?? 0) > report.entryGzip,
        `${route} has no page chunk in route-preload.json`,
      );
  });

  it('loads no Zod before the first screen of the pages members read most', () => {
    // Zod (27 KB gzip) is for forms: a page showing posts must not load it for a constant.
    const announced = JSON.parse(
      fs.readFileSync(path.join(distDir, 'route-preload.json'), 'utf8'),
    ) as Record<string, string[]>;
    for (const route of ['/', '/posts/:postId', '/sections/:section', '/search']) {
      const files = [...report.entry.map((f) => f.file), ...(announced[route] ?? [])];
      const withZod = files.filter((url) =>
        fs.readFileSync(path.join(distDir, url.replace(/^\//, '')), 'utf8').includes('$ZodType'),
      );
      assert.deepEqual(withZod, [], `${route} loads Zod`);
    }
  });
});
