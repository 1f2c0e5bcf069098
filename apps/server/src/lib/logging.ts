/**
 * The server's logs: pino JSON lines on stdout, one access line per answered request, and a
 * request's own logger made only when the request logs something of its own.
 *
 * Fastify's default is two lines per request ("incoming request", "request completed") through a
 * child logger made for every request (docs/performance.md, "Logging, metrics and the cost of every request").
 */
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { Config } from '../config.ts';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogFn = FastifyBaseLogger['info'];
type Bindings = Record<string, unknown>;
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
/** What this module asks of Fastify's logger, the pino logger that `loggingOptions` configures. */
type Logger = Omit<FastifyBaseLogger, 'child'> & {
  isLevelEnabled(level: string): boolean;
  bindings(): Bindings;
  child(bindings: Bindings, options?: ChildOptions): Logger;
};

/**
 * A request's logger: Fastify asks for one per request (bound to its `reqId`); pino's child is
 * made on the first line that the level lets through, most requests never log one. (A route with
 * its own `logLevel` gets its child at once.)
 */
class RequestLogger {
  #made: Logger | undefined;
  readonly #parent: Logger;
  readonly #bindings: Bindings;
  readonly #options: ChildOptions;

  constructor(parent: Logger, bindings: Bindings, options: ChildOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
    if (options?.level !== undefined) this.#logger();
  }

  #logger(): Logger {
    this.#made ??= this.#parent.child(this.#bindings, this.#options);
    return this.#made;
  }

  #log(level: Level, args: unknown[]): void {
    if (this.#made === undefined && !this.#parent.isLevelEnabled(level)) return;
    const write: (...a: unknown[]) => void = this.#logger()[level];
    write.apply(this.#made, args);
  }

  get level(): string {
    return (this.#made ?? this.#parent).level;
  }
  set level(level: string) {
    this.#logger().level = level;
  }
  get silent(): LogFn {
    return this.#parent.silent;
  }
  isLevelEnabled(level: string): boolean {
    return (this.#made ?? this.#parent).isLevelEnabled(level);
  }
  bindings(): Bindings {
    return this.#logger().bindings();
  }
  child(bindings: Bindings, options?: ChildOptions): Logger {
    return this.#logger().child(bindings, options);
  }
  fatal(...args: unknown[]): void {
    this.#log('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#log('error', args);
  }
  warn(...args: unknown[]): void {
    this.#log('warn', args);
  }
  info(...args: unknown[]): void {
    this.#log('info', args);
  }
  debug(...args: unknown[]): void {
    this.#log('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#log('trace', args);
  }
}

/**
 * Fastify's own request lines: none when a request comes in, one `info` line once its answer is
 * sent (method, URL with its secrets redacted, status, milliseconds, client address, `reqId`),
 * written through the root logger so that no request logger is made for it. Fastify's other
 * lines (a stream that failed after the headers, …) are its own.
 */
class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    // The pino logger that loggingOptions asked for (never made when LOG_LEVEL is silent).
    const log = request.server.log as Logger;
    if (!error && !log.isLevelEnabled('info')) return;
    const line = {
      reqId: request.id,
      method: request.method,
      url: loggedUrl(request.url),
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
      remoteAddress: request.ip,
    };
    if (error) log.error({ ...line, err: error }, 'request errored');
    else log.info(line, 'request completed');
  }
}

/** Fastify's logging options for `LOG_LEVEL`. */
export function loggingOptions(
  config: Pick<Config, 'LOG_LEVEL'>,
): Pick<FastifyServerOptions, 'logger' | 'logController' | 'childLoggerFactory'> {
  if (config.LOG_LEVEL === 'silent') return { logger: false };
  return {
    // pino's own stdout destination, synchronous: an asynchronous one measured no cheaper here.
    logger: { level: config.LOG_LEVEL },
    logController: new AccessLog(),
    childLoggerFactory: (logger, bindings, options) =>
      // Fastify's logger here is the pino logger made from the options above.
      new RequestLogger(logger as Logger, bindings, options),
  };
}

/**
 * Where a URL carries a secret from an e-mail link: the `token` and `code` query parameters and
 * Better Auth's `/reset-password/<token>` path segment. Their values are never logged.
 */
const SECRET_QUERY = /([?&](?:token|code)=)[^&#]*/gi;
const SECRET_SEGMENT = /(\/reset-password\/)[^/?#]+/i;

/** The URL as logged, with the values of its secrets replaced by `[redacted]`. */
export function loggedUrl(url: string): string {
  return url.replace(SECRET_SEGMENT, '$1[redacted]').replace(SECRET_QUERY, '$1[redacted]');
}
