/**
 * Graceful shutdown on SIGTERM / SIGINT: run the steps once, in order (stop the HTTP server —
 * which stops accepting, lets in-flight requests finish and closes sockets — then the database),
 * and exit 0. A second signal, or steps that outlast the timeout, end the process with 1.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

export interface ShutdownStep {
  name: string;
  run(): Promise<void>;
}

export interface ShutdownOptions {
  steps: ShutdownStep[];
  logger: Pick<FastifyBaseLogger, 'info' | 'error' | 'warn'>;
  timeoutMs: number;
  signals?: NodeJS.Signals[];
  /** Injected for tests; defaults to process.exit. */
  exit?: (code: number) => void;
}

/** Installs the signal handlers; returns the function that runs the shutdown (idempotent). */
export function installShutdown({
  steps,
  logger,
  timeoutMs,
  signals = ['SIGTERM', 'SIGINT'],
  exit = (code) => process.exit(code),
}: ShutdownOptions) {
  let running: Promise<void> | undefined;

  /** Runs the steps once and exits with `exitCode` (or 1 if a step failed). */
  const shutdown = (reason: string, exitCode = 0): Promise<void> => {
    if (running) return running;
    logger.info(`${reason}: shutting down (finishing requests, closing the database)`);
    const timer = setTimeout(() => {
      logger.error(`Shutdown took longer than ${timeoutMs} ms; exiting`);
      exit(1);
    }, timeoutMs);
    timer.unref();
    running = (async () => {
      let code = exitCode;
      for (const step of steps) {
        try {
          await step.run();
        } catch (err) {
          code = 1;
          logger.error({ err }, `Shutdown step "${step.name}" failed`);
        }
      }
      clearTimeout(timer);
      logger.info(code === 0 ? 'Stopped cleanly' : `Stopped (exit code ${code})`);
      exit(code);
    })();
    return running;
  };

  for (const signal of signals) {
    process.on(signal, () => {
      if (running) {
        logger.warn(`${signal} again: exiting now`);
        exit(1);
        return;
      }
      void shutdown(signal);
    });
  }
  return shutdown;
}

/**
 * Closes the HTTP server: Fastify stops accepting, answers 503 to new requests on open
 * connections, and waits for the requests in flight. A connection whose request finishes during
 * the wait would stay open as keep-alive (up to the keep-alive timeout), so idle connections are
 * closed as soon as they become idle.
 */
export async function closeHttp(app: FastifyInstance, sweepMs = 100): Promise<void> {
  const sweep = setInterval(() => app.server.closeIdleConnections(), sweepMs);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
  }
}
