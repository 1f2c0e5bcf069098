/**
 * The local backup channel of a running server with the embedded database: an HTTP server on a
 * Unix socket, DATA_DIR/backup.sock (mode 0600), never on a TCP port. Only processes of the
 * user that owns the socket (the operator running the server, and root) can connect, so it needs
 * no token; nothing reaches it from the network.
 *
 * `GET /dump` answers the database dump (dump.ts) as NDJSON, taken in one transaction: PGlite
 * holds the data directory exclusively, so `npm run backup` and `npm run migrate-to-postgres`
 * ask the server for it instead of opening the files.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { once } from 'node:events';
import { StringDecoder } from 'node:string_decoder';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { dumpDatabase, type DumpLine } from './dump.ts';

export const BACKUP_SOCKET = 'backup.sock';
export const backupSocketPath = (dataDir: string) => path.join(dataDir, BACKUP_SOCKET);

export interface BackupChannel {
  socket: string;
  close(): Promise<void>;
}

/** Starts the channel on DATA_DIR/backup.sock (a stale socket file is replaced). */
export async function startBackupChannel(
  db: Db,
  dataDir: string,
  log: Pick<FastifyInstance['log'], 'info' | 'error'>,
): Promise<BackupChannel> {
  const socket = backupSocketPath(dataDir);
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/dump') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/x-ndjson' });
    const started = Date.now();
    const write = async (line: DumpLine) => {
      if (res.destroyed) throw new Error('the backup client went away');
      if (!res.write(`${JSON.stringify(line)}\n`)) await once(res, 'drain');
    };
    dumpDatabase(db, write).then(
      () => {
        res.end();
        log.info({ ms: Date.now() - started }, 'backup channel: database dump sent');
      },
      (err: unknown) => {
        log.error({ err }, 'backup channel: the dump failed');
        // The client sees a stream without its end line and reports an incomplete dump.
        res.destroy();
      },
    );
  });
  // We hold the data directory lock, so a socket file left here is from a process that died.
  fs.rmSync(socket, { force: true });
  server.listen(socket);
  await once(server, 'listening');
  fs.chmodSync(socket, 0o600);
  return {
    socket,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(socket, { force: true });
    },
  };
}

/** Registers the channel for an app on an embedded database in a directory (not in memory). */
export function registerBackupChannel(app: FastifyInstance): void {
  const { database, config } = app.deps;
  if (database.kind !== 'pglite' || database.location.includes('://')) return;
  let channel: BackupChannel | undefined;
  app.addHook('onReady', async () => {
    try {
      channel = await startBackupChannel(database.db, config.DATA_DIR, app.log);
    } catch (err) {
      // A DATA_DIR path too long for a Unix socket (about 100 bytes), a read-only directory…:
      // the site runs; backups then need the server stopped.
      app.log.error(
        { err },
        'backup channel: cannot listen; `npm run backup` needs the server stopped',
      );
    }
  });
  app.addHook('onClose', async () => {
    await channel?.close();
  });
}

/** Reads the dump of a running server through its socket, line by line. */
export async function* dumpFromSocket(socket: string): AsyncGenerator<DumpLine> {
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = http.get({ socketPath: socket, path: '/dump' }, resolve);
    req.on('error', reject);
  });
  if (res.statusCode !== 200) throw new Error(`the server answered ${String(res.statusCode)}`);
  yield* parseLines(res);
}

/** NDJSON text chunks → dump lines. */
export async function* parseLines(
  stream: AsyncIterable<string | Buffer>,
): AsyncGenerator<DumpLine> {
  // A decoder keeps a character split between two chunks whole.
  const decoder = new StringDecoder('utf8');
  let rest = '';
  for await (const chunk of stream) {
    const lines = (rest + (typeof chunk === 'string' ? chunk : decoder.write(chunk))).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) if (line) yield JSON.parse(line) as DumpLine;
  }
  rest += decoder.end();
  if (rest) yield JSON.parse(rest) as DumpLine;
}
