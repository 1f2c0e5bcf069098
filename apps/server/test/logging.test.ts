/**
 * The server's logs as an operator reads them: one JSON line per answered request, secrets from
 * e-mail links never written, and a request's own lines carrying its request id.
 */
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedUrl, loggingOptions } from '../src/lib/logging.ts';
import { useTempDirs } from './context.ts';
import { spawnServer, type ServerProcess } from './helpers.ts';

const tempDir = useTempDirs();

describe('loggedUrl', () => {
  it('replaces the values of e-mail link secrets and leaves the rest alone', () => {
    expect(loggedUrl('/api/auth/verify-email?token=abc.def&callbackURL=%2F')).toBe(
      '/api/auth/verify-email?token=[redacted]&callbackURL=%2F',
    );
    expect(loggedUrl('/api/x?a=1&code=123456')).toBe('/api/x?a=1&code=[redacted]');
    expect(loggedUrl('/api/auth/reset-password/Zx9-secret?callbackURL=%2Fauth')).toBe(
      '/api/auth/reset-password/[redacted]?callbackURL=%2Fauth',
    );
    expect(loggedUrl('/api/search?q=token%3Dlighthouses&mytoken=1')).toBe(
      '/api/search?q=token%3Dlighthouses&mytoken=1',
    );
    expect(loggedUrl('/api/sections/general/posts')).toBe('/api/sections/general/posts');
  });
});

describe("a request's logger", () => {
  const capture = () => {
    const lines: Line[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Line);
        done();
      },
    });
    const root = pino({ level: 'info' }, stream);
    const { childLoggerFactory } = loggingOptions({ LOG_LEVEL: 'info' });
    const child = (options: { level?: string } = {}) =>
      childLoggerFactory!.call(
        undefined as unknown as FastifyInstance,
        root,
        { reqId: 'r-1' },
        options,
        new IncomingMessage(new Socket()),
      );
    return { lines, child };
  };

  it('writes what its level lets through, bound to the request id', () => {
    const { lines, child } = capture();
    const log = child();
    expect(log.level).toBe('info');
    log.debug('not written');
    log.info({ n: 1 }, 'written');
    log.child({ part: 'x' }).warn('from a child');
    expect(lines.map(({ reqId, msg, n, part }) => ({ reqId, msg, n, part }))).toEqual([
      { reqId: 'r-1', msg: 'written', n: 1, part: undefined },
      { reqId: 'r-1', msg: 'from a child', n: undefined, part: 'x' },
    ]);
  });

  it("follows a route's own level", () => {
    const { lines, child } = capture();
    const log = child({ level: 'debug' });
    expect(log.level).toBe('debug');
    log.debug('route debug');
    expect(lines.map((line) => [line.reqId, line.msg])).toEqual([['r-1', 'route debug']]);
  });
});

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  [key: string]: unknown;
}

describe('the request log of a running server (LOG_LEVEL=info)', () => {
  let server: ServerProcess;
  const lines = () =>
    server.output.flatMap((text) => {
      try {
        return [JSON.parse(text) as Line];
      } catch {
        return [];
      }
    });
  const linesOf = (reqId: string) => lines().filter((line) => line.reqId === reqId);

  beforeAll(async () => {
    server = await spawnServer({ DATA_DIR: tempDir('atelier-logs-') });
  }, 120_000);
  afterAll(async () => {
    server.proc.kill('SIGTERM');
    await server.exited;
  });

  it('writes one line per request, after the answer, with what an operator needs', async () => {
    const res = await fetch(`${server.baseUrl}/api/health/live`, {
      headers: { 'x-request-id': 'log-one' },
    });
    expect(res.status).toBe(200);
    await server.waitForOutput(/"reqId":"log-one"/);
    const [line, ...more] = linesOf('log-one');
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      method: 'GET',
      url: '/api/health/live',
      statusCode: 200,
      remoteAddress: '127.0.0.1',
    });
    expect(typeof line!.responseTime).toBe('number');
  });

  it('never writes the token of an e-mail link', async () => {
    const secret = 'a-very-secret-token-42';
    await fetch(`${server.baseUrl}/api/auth/verify-email?token=${secret}`, {
      headers: { 'x-request-id': 'log-verify' },
      redirect: 'manual',
    });
    await fetch(`${server.baseUrl}/api/auth/reset-password/${secret}?callbackURL=%2Fauth`, {
      headers: { 'x-request-id': 'log-reset' },
      redirect: 'manual',
    });
    await server.waitForOutput(/"reqId":"log-verify".*"request completed"/);
    await server.waitForOutput(/"reqId":"log-reset".*"request completed"/);
    expect(linesOf('log-verify').at(-1)?.url).toBe('/api/auth/verify-email?token=[redacted]');
    expect(linesOf('log-reset').at(-1)?.url).toBe(
      '/api/auth/reset-password/[redacted]?callbackURL=%2Fauth',
    );
    expect(server.output.join('\n')).not.toContain(secret);
  });

  it("a request's own line carries its request id, before its access line", async () => {
    const res = await fetch(`${server.baseUrl}/api/client-errors`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: server.baseUrl,
        'x-request-id': 'log-client',
      },
      body: JSON.stringify({ message: 'boom in the browser' }),
    });
    expect(res.status).toBe(204);
    await server.waitForOutput(/"reqId":"log-client".*"request completed"/);
    expect(linesOf('log-client').map((line) => [line.level, line.msg])).toEqual([
      [40, 'client error'],
      [30, 'request completed'],
    ]);
    expect(linesOf('log-client')[0]).toMatchObject({
      clientError: { message: 'boom in the browser' },
    });
  });
});
