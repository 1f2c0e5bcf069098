/**
 * Unhandled errors and promise rejections are posted to /api/client-errors (fatal false), at most
 * 5 a minute and never the same message twice within that minute. Reporting failures are ignored.
 */
const windowMs = 60_000;
const maxPerWindow = 5;

export function createReporter(
  send: (body: ClientErrorReport) => Promise<unknown>,
  now: () => number = Date.now,
) {
  let windowStart = 0;
  let count = 0;
  const seen = new Set<string>();
  return (report: ClientErrorReport): boolean => {
    const time = now();
    if (time - windowStart >= windowMs) {
      windowStart = time;
      count = 0;
      seen.clear();
    }
    if (count >= maxPerWindow || seen.has(report.message)) return false;
    count += 1;
    seen.add(report.message);
    send(report).catch(() => undefined);
    return true;
  };
}

export interface ClientErrorReport {
  message: string;
  stack?: string;
  url?: string;
  fatal: boolean;
}

function describe(reason: unknown): { message: string; stack?: string } {
  if (reason instanceof Error)
    return {
      message: `${reason.name}: ${reason.message}`.slice(0, 2000),
      stack: reason.stack?.slice(0, 10_000),
    };
  try {
    return {
      message: (typeof reason === 'string'
        ? reason
        : `${JSON.stringify(reason) as string | undefined}`
      ).slice(0, 2000),
    };
  } catch {
    return { message: 'Unknown error' };
  }
}

export function installClientErrorReporting(): void {
  const report = createReporter((body) =>
    fetch('/api/client-errors', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      keepalive: true,
    }),
  );
  window.addEventListener('error', (event) => {
    const { message, stack } = event.error
      ? describe(event.error)
      : { message: event.message || 'Script error', stack: undefined };
    report({ message, stack, url: window.location.href.slice(0, 2000), fatal: false });
  });
  window.addEventListener('unhandledrejection', (event) => {
    const { message, stack } = describe(event.reason);
    report({
      message: `Unhandled rejection: ${message}`.slice(0, 2000),
      stack,
      url: window.location.href.slice(0, 2000),
      fatal: false,
    });
  });
}
