/**
 * `npm run bundle:report -w apps/web` (after `npm run build`): the gzip size of the scripts every
 * route loads first (the entry and its static imports) against the budget, then each route's total
 * with its page chunks. `ATELIER_BUNDLE_REPORT=1 npm run build -w apps/web` also prints which
 * packages fill the entry chunk (bundle-modules.ts).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { initialJs, initialJsBudgetKb } from './bundle-size.ts';

const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const report = initialJs(distDir);
const lines = ['Scripts every route loads first (gzip):'];
for (const f of report.entry) lines.push(`  ${kb(f.gzip).padStart(9)}  ${f.file}`);
lines.push(
  `  ${kb(report.entryGzip).padStart(9)}  total (budget ${initialJsBudgetKb} KB)`,
  '',
  'With each route’s page chunks (announced as modulepreload):',
);
for (const [route, bytes] of Object.entries(report.routes).sort((a, b) => b[1] - a[1]))
  lines.push(`  ${kb(bytes).padStart(9)}  ${route}`);
process.stdout.write(`${lines.join('\n')}\n`);
if (report.entryGzip > initialJsBudgetKb * 1024) process.exitCode = 1;
