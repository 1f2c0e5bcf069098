/**
 * `npm run bench:web` (not a test): Lighthouse (mobile preset: simulated slow 4G and a 4× slower
 * CPU) in Debian's Chromium on three screens of the real app — `/login` signed out, the home page
 * signed in, and a post with a long thread (50 comments + 100 replies) signed in.
 *
 * 1. Builds the web app when `apps/web/dist` is missing or older than a file of `apps/web/src`
 *    (`--build` forces it, `--no-build` measures the build that is there).
 * 2. bench/web-server.ts: a fresh PGlite directory, the demo seed plus the long thread, the app on
 *    a free port. This process signs a member in through the API.
 * 3. Chromium (`CHROME_PATH`, default /usr/bin/chromium) headless with a debugging port; Lighthouse
 *    runs each page `--runs` times (default 1) and keeps the median by score.
 * 4. Prints a table (score, TBT, CLS, LCP, bytes transferred, initial JS gzip, DOM size) with the
 *    date and load average, and writes it between the `bench:web` markers of docs/performance.md
 *    (unless --no-write).
 *
 * Initial JS gzip: the scripts the server's page for that route announces (entry script and its
 * `modulepreload` links, the route's page chunks included), counted as their gzip copies.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import lighthouse from 'lighthouse';
import { freePort } from './common.ts';
import { sectionMarkers, writeSection } from './doc.ts';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(benchDir, '..');
const repoRoot = path.resolve(serverDir, '../..');
const webDir = path.join(repoRoot, 'apps/web');
/** WEB_DIST measures another build (the server serves it too); `--no-build` leaves it as it is. */
const distDir = process.env.WEB_DIST
  ? path.resolve(process.env.WEB_DIST)
  : path.join(webDir, 'dist');
const docFile = path.join(repoRoot, 'docs/performance.md');
const [START, END] = sectionMarkers('web');

const args = process.argv.slice(2);
const runsIndex = args.indexOf('--runs');
const runs = runsIndex >= 0 ? Math.max(1, Number(args[runsIndex + 1]) || 1) : 1;
const write = !args.includes('--no-write');
const forceBuild = args.includes('--build');
const skipBuild = args.includes('--no-build');
/** `--save <dir>` keeps each Lighthouse report (JSON) and its trace there, to read its audits. */
const saveIndex = args.indexOf('--save');
const saveDir = saveIndex >= 0 ? args[saveIndex + 1] : undefined;
/** `--page login|home|post` measures only that screen (several `--page` flags: those screens). */
const onlyPages = args.flatMap((arg, i) => (args[i - 1] === '--page' ? [arg] : []));
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const log = (message: string) => process.stdout.write(`${message}\n`);

// ---- build ----

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

function run(command: string, argv: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { cwd, stdio: 'inherit' });
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${argv.join(' ')} exited ${code}`)),
    );
  });
}

async function buildIfNeeded() {
  const index = path.join(distDir, 'index.html');
  const stale =
    forceBuild ||
    !fs.existsSync(index) ||
    fs.statSync(index).mtimeMs < newestMtime(path.join(webDir, 'src'));
  if (!stale || (skipBuild && fs.existsSync(index))) return;
  log('Building the web app…');
  await run('npm', ['run', 'build', '-w', 'apps/web'], repoRoot);
}

// ---- processes ----

interface Ready {
  email: string;
  password: string;
  postId: string;
  comments: number;
  replies: number;
}

function stopChild(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  proc.kill('SIGTERM');
  const timer = setTimeout(() => proc.kill('SIGKILL'), 15_000);
  return exited.finally(() => clearTimeout(timer));
}

/** Starts bench/web-server.ts and waits for its `BENCH_READY {json}` line. */
function startServer(port: number): Promise<{ proc: ChildProcess; info: Ready }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(benchDir, 'web-server.ts')], {
    cwd: serverDir,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    proc.stderr?.setEncoding('utf8');
    proc.stderr?.on('data', (chunk: string) => output.push(chunk));
    let rest = '';
    proc.stdout?.setEncoding('utf8');
    proc.stdout?.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('BENCH_READY '))
          resolve({ proc, info: JSON.parse(line.slice('BENCH_READY '.length)) as Ready });
        else output.push(`${line}\n`);
      }
    });
    proc.once('exit', (code) =>
      reject(new Error(`web-server.ts exited (${String(code)}):\n${output.join('')}`)),
    );
  });
}

/** Headless Chromium with a debugging port, ready when its /json/version answers. */
async function startChromium(): Promise<{ proc: ChildProcess; port: number; profile: string }> {
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-chromium-'));
  const proc = spawn(
    chromePath,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--no-default-browser-check',
      `--user-data-dir=${profile}`,
      `--remote-debugging-port=${port}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  for (let attempt = 0; ; attempt++) {
    if (proc.exitCode !== null) throw new Error(`${chromePath} exited with ${proc.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (attempt > 600) throw new Error('Chromium did not open its debugging port');
    await new Promise((r) => setTimeout(r, 100));
  }
  return { proc, port, profile };
}

async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`Sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

// ---- measures ----

/** Gzip bytes of the scripts the page for `url` announces (entry + modulepreload links). */
async function initialJsGzip(url: string, cookie: string | null): Promise<number> {
  const html = await (await fetch(url, { headers: cookie ? { cookie } : {} })).text();
  const files = new Set<string>();
  for (const [, src = ''] of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g))
    files.add(src);
  for (const [, href = ''] of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g))
    files.add(href);
  let total = 0;
  for (const file of files) {
    const local = path.join(distDir, file.replace(/^\//, ''));
    total += fs.existsSync(`${local}.gz`)
      ? fs.statSync(`${local}.gz`).size
      : zlib.gzipSync(fs.readFileSync(local), { level: 9 }).length;
  }
  return total;
}

/** Lighthouse on a loaded machine can time out on a DevTools call: up to 3 tries per run. */
async function withRetries<T>(url: string, attempt: () => Promise<T>): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      if (i >= 3) throw error;
      log(`  ${url}: ${error instanceof Error ? error.message : String(error)}; trying again`);
    }
  }
}

interface Measure {
  page: string;
  score: number;
  tbt: number;
  cls: number;
  lcp: number;
  bytes: number;
  initialJs: number;
  dom: number;
  /** Lighthouse's CPU benchmark of this machine: higher is faster; TBT scales with its inverse. */
  benchmarkIndex: number;
}

async function measure(
  page: string,
  url: string,
  cookie: string | null,
  port: number,
): Promise<Measure> {
  const initialJs = await initialJsGzip(url, cookie);
  const results: Measure[] = [];
  for (let i = 0; i < runs; i++) {
    const lhr = await withRetries(url, async () => {
      const result = await lighthouse(url, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        // A busy machine is slow to settle: wait longer than the defaults before giving up.
        maxWaitForFcp: 60_000,
        maxWaitForLoad: 120_000,
        ...(cookie ? { extraHeaders: { cookie } } : {}),
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
      if (saveDir) {
        fs.mkdirSync(saveDir, { recursive: true });
        const name = page.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
        fs.writeFileSync(path.join(saveDir, `${name}-${i + 1}.json`), JSON.stringify(result.lhr));
        // The trace too: its long tasks, event by event (DevTools' Performance panel opens it).
        fs.writeFileSync(
          path.join(saveDir, `${name}-${i + 1}.trace.json`),
          JSON.stringify(result.artifacts.Trace),
        );
        // And what Lighthouse's simulation (lantern) is computed from besides the trace: its
        // network log, the page's URL and the settings, to replay it offline (bench/lantern.ts).
        const { DevtoolsLog, URL, GatherContext } = result.artifacts;
        fs.writeFileSync(
          path.join(saveDir, `${name}-${i + 1}.lantern.json`),
          JSON.stringify({ DevtoolsLog, URL, GatherContext, settings: result.lhr.configSettings }),
        );
      }
      return result.lhr;
    });
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    results.push({
      page,
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      lcp: audit('largest-contentful-paint'),
      bytes: audit('total-byte-weight'),
      initialJs,
      dom: audit('dom-size'),
      benchmarkIndex: lhr.environment.benchmarkIndex,
    });
  }
  results.sort((a, b) => a.score - b.score);
  return results[Math.floor(results.length / 2)] as Measure;
}

// ---- report ----

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const int = (n: number) => Math.round(n).toLocaleString('en');

function table(rows: Measure[]): string {
  return [
    '| Page | Score | TBT (ms) | CLS | LCP (s) | Transferred | Initial JS (gzip) | DOM nodes |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.page} | ${r.score} | ${int(r.tbt)} | ${r.cls.toFixed(3)} | ${(r.lcp / 1000).toFixed(1)} | ${kb(r.bytes)} | ${kb(r.initialJs)} | ${int(r.dom)} |`,
    ),
  ].join('\n');
}

function section(rows: Measure[], ready: Ready, load: number, chromium: string): string {
  const cpus = os.cpus();
  const indexes = rows.map((r) => r.benchmarkIndex);
  return [
    START,
    '## Web: Lighthouse on three screens (`npm run bench:web`)',
    '',
    `Run on ${new Date().toISOString().slice(0, 10)}: Node ${process.version}, ${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, ` +
      `load average ${load.toFixed(1)} when it started (Lighthouse's simulated throttling scales what it measures on this ` +
      `machine: a busy machine gives a higher TBT and LCP); ${chromium}; Lighthouse mobile preset, performance only, ` +
      `median of ${runs} run${runs === 1 ? '' : 's'}; Lighthouse's CPU benchmark index ${int(Math.min(...indexes))}–` +
      `${int(Math.max(...indexes))} (higher is a faster machine; the same build scores lower on a slower one). Data: the demo seed on a fresh PGlite directory, plus a post ` +
      `with ${ready.comments} comments and ${ready.replies} replies. Initial JS: the gzip size of the scripts the page ` +
      'for that route announces (entry and `modulepreload` links). `npm run bench` rewrites the rest of this file and keeps this section.',
    '',
    '```sh',
    'npm run bench:web                # builds the web app when needed; --runs 3 for a median, --no-write to only print',
    '```',
    '',
    table(rows),
    '',
    END,
  ].join('\n');
}

function writeDoc(text: string) {
  return writeSection(docFile, 'web', text);
}

// ---- main ----

const load = os.loadavg()[0] ?? 0;
const children: ChildProcess[] = [];
// Lighthouse may reject a DevTools call's timer after it moved on: report it, keep measuring.
process.on('unhandledRejection', (reason) =>
  log(`  (Lighthouse: ${reason instanceof Error ? reason.message : String(reason)})`),
);
// Whatever happens, leave no server or browser behind.
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});
await buildIfNeeded();
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
log(`Load average ${load.toFixed(1)}; starting the app (demo seed + a long thread) on ${baseUrl}…`);
const server = await startServer(port);
children.push(server.proc);
const chromium = await startChromium();
children.push(chromium.proc);
try {
  const version = (await (
    await fetch(`http://127.0.0.1:${chromium.port}/json/version`)
  ).json()) as { Browser?: string };
  const cookie = await signIn(baseUrl, server.info.email, server.info.password);
  const pages: [string, string, string, string | null][] = [
    ['login', '`/login` (signed out)', `${baseUrl}/login`, null],
    ['home', 'home (signed in)', `${baseUrl}/`, cookie],
    [
      'post',
      `post with ${server.info.comments + server.info.replies} comments (signed in)`,
      `${baseUrl}/posts/${server.info.postId}`,
      cookie,
    ],
  ];
  const rows: Measure[] = [];
  for (const [key, page, url, pageCookie] of pages) {
    if (onlyPages.length > 0 && !onlyPages.includes(key)) continue;
    log(`Lighthouse: ${page}…`);
    const row = await measure(page, url, pageCookie, chromium.port);
    rows.push(row);
    log(
      `  score ${row.score}, TBT ${int(row.tbt)} ms, CLS ${row.cls.toFixed(3)}, LCP ${(row.lcp / 1000).toFixed(1)} s, ` +
        `${kb(row.bytes)} transferred, initial JS ${kb(row.initialJs)} gzip, ${int(row.dom)} DOM nodes ` +
        `(CPU benchmark index ${int(row.benchmarkIndex)})`,
    );
  }
  log(
    `\n${new Date().toISOString()}, load average ${load.toFixed(1)} at the start, ${os.loadavg()[0]?.toFixed(1)} at the end\n`,
  );
  log(table(rows));
  if (write && onlyPages.length === 0) {
    await writeDoc(section(rows, server.info, load, version.Browser ?? 'Chromium'));
    log(`\nWrote ${path.relative(process.cwd(), docFile)}`);
  }
} finally {
  await stopChild(chromium.proc);
  fs.rmSync(chromium.profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  await stopChild(server.proc);
}
