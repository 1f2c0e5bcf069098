/**
 * `npx tsx apps/server/bench/lantern.ts <dir>/<page>-<run> …` (not a test): what a Lighthouse
 * run's simulated LCP is made of, from the files `npm run bench:web -- --save <dir>` keeps (the
 * report, the trace and the network log).
 *
 * Lighthouse does not measure LCP under its mobile preset: it simulates it (lantern). It keeps the
 * requests that ended before the LCP it observed (unthrottled) and the main-thread tasks they
 * hang on (a request sent from a task starts after the whole task; a script runs after its
 * download), replays them at 150 ms RTT, 1.6 Mbit/s and a 4× slower CPU, and takes the end of the
 * last one: the average of an optimistic graph and a pessimistic one (which adds every layout
 * before the LCP). So a request that ends before the observed LCP lengthens the LCP even if the
 * largest paint never needed it.
 *
 * Prints per run: the report's LCP element and phases, the simulated FCP and LCP, each node of the
 * optimistic LCP graph with its simulated start and end (CPU tasks with their observed length and
 * time), and the chain of nodes that ends last (the critical path).
 */
import fs from 'node:fs';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';

/** The parts of lantern's graph nodes read here. */
interface GraphNode {
  type: 'network' | 'cpu';
  startTime: number;
  duration: number;
  request?: { url: string; resourceType?: string; transferSize: number };
  childEvents?: { name: string }[];
  getDependencies(): GraphNode[];
}
interface Timing {
  startTime: number;
  endTime: number;
}
interface Estimate {
  timeInMs: number;
  nodeTimings: Map<GraphNode, Timing>;
}
interface Metric {
  timing: number;
  optimisticEstimate: Estimate;
  pessimisticEstimate: Estimate;
  optimisticGraph: GraphNode;
}
type Computed = { request(data: unknown, context: unknown): Promise<Metric> };

const short = (url: string) => url.replace(/^https?:\/\/[^/]+/, '').slice(0, 70);
const ms = (n: number) => n.toFixed(0).padStart(6);

function describe(node: GraphNode, rootStart: number): string {
  if (node.type === 'network' && node.request) {
    const { request } = node;
    return `${request.resourceType ?? ''} ${short(request.url)} ${(request.transferSize / 1024).toFixed(1)} KB`;
  }
  const events = new Set(node.childEvents?.map((e) => e.name));
  const marks = ['ParseHTML', 'Layout', 'Paint'].filter((name) => events.has(name));
  return `task of ${(node.duration / 1000).toFixed(1)} ms at ${((node.startTime - rootStart) / 1000).toFixed(0)} ms (observed)${marks.length ? ` [${marks.join(', ')}]` : ''}`;
}

for (const base of process.argv.slice(2)) {
  const read = (suffix: string) => JSON.parse(fs.readFileSync(`${base}${suffix}`, 'utf8')) as never;
  const report = read('.json') as {
    audits: Record<string, { numericValue?: number; details?: { items?: unknown[] } }>;
  };
  const saved = read('.lantern.json') as Record<string, unknown>;
  const data = {
    trace: read('.trace.json'),
    devtoolsLog: saved.DevtoolsLog,
    gatherContext: saved.GatherContext,
    settings: saved.settings,
    URL: saved.URL,
    SourceMaps: [],
    simulator: null,
  };
  const context = { computedCache: new Map() };
  const fcp = await (LanternFirstContentfulPaint as unknown as Computed).request(data, context);
  const lcp = await (LanternLargestContentfulPaint as unknown as Computed).request(data, context);

  process.stdout.write(`== ${base}\n`);
  const element = report.audits['largest-contentful-paint-element']?.details?.items ?? [];
  for (const table of element as { items?: Record<string, unknown>[] }[])
    for (const row of table.items ?? []) {
      const node = row.node as { nodeLabel?: string; selector?: string } | undefined;
      if (node)
        process.stdout.write(`  LCP element: ${node.nodeLabel?.slice(0, 60)} (${node.selector})\n`);
      else process.stdout.write(`  ${String(row.phase)}: ${Number(row.timing).toFixed(0)} ms\n`);
    }
  process.stdout.write(
    `  simulated FCP ${fcp.timing.toFixed(0)} ms; LCP ${lcp.timing.toFixed(0)} ms (optimistic ${lcp.optimisticEstimate.timeInMs.toFixed(0)}, pessimistic ${lcp.pessimisticEstimate.timeInMs.toFixed(0)})\n`,
  );
  const timings = lcp.optimisticEstimate.nodeTimings;
  const rootStart = lcp.optimisticGraph.startTime;
  const rows = [...timings].sort((a, b) => a[1].startTime - b[1].startTime);
  for (const [node, t] of rows)
    process.stdout.write(
      `  ${ms(t.startTime)} → ${ms(t.endTime)}  ${node.type === 'network' ? 'request' : 'CPU'} ${describe(node, rootStart)}\n`,
    );
  // The critical path: from the node that ends last, back through the dependency ending last.
  let last: GraphNode | undefined = rows.reduce((a, b) => (b[1].endTime > a[1].endTime ? b : a))[0];
  const chain: GraphNode[] = [];
  while (last) {
    chain.unshift(last);
    last = last
      .getDependencies()
      .filter((d) => timings.has(d))
      .sort((a, b) => (timings.get(b)?.endTime ?? 0) - (timings.get(a)?.endTime ?? 0))[0];
  }
  process.stdout.write(
    `  critical path: ${chain
      .map((n) => {
        const t = timings.get(n);
        const what = n.type === 'network' && n.request ? short(n.request.url) : 'CPU';
        return `${what} (${t?.startTime.toFixed(0)}–${t?.endTime.toFixed(0)})`;
      })
      .join(' → ')}\n`,
  );
}
