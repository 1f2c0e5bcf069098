/**
 * Loaded into each benchmarked server by `npm run bench:live` (`--expose-gc --import`): on SIGURG
 * it runs a full garbage collection and prints `BENCH_MEMORY <n> <json>` (the n-th answer, with
 * `process.memoryUsage()`). The bench asks once the latency samples are taken — a collection
 * before them slowed the deliveries it measures — with the sockets open, then again once they
 * have closed: the difference is what the sockets keep.
 */
let answered = 0;

process.on('SIGURG', () => {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return;
  // Twice: objects freed by finalizers of the first are collected by the second.
  gc();
  gc();
  answered += 1;
  process.stdout.write(`BENCH_MEMORY ${answered} ${JSON.stringify(process.memoryUsage())}\n`);
});
