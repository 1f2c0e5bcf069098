/**
 * One's own data: GET /api/me/export (a streamed ZIP), POST/DELETE /api/me/deletion (schedule or
 * cancel the deletion of the account), and the sweep that finishes deletions after the grace
 * period (at start and every ACCOUNT_DELETION_SWEEP_MS).
 */
import type { FastifyInstance } from 'fastify';
import { accountDeletionSchema } from '@atelier/shared';
import { requireAccess, viewerOf } from '../../auth/access.ts';
import type { Db } from '../../db/client.ts';
import { checkUser, limitPerUser } from '../../lib/rate-limit.ts';
import { mediaStoreFor, type MediaStore } from '../../lib/storage/index.ts';
import { presentCurrentUser } from '../users/presenter.ts';
import { cancelDeletion, dueDeletions, finishDeletion, requestDeletion } from './deletion.ts';
import { collectExport, exportZip } from './export.ts';

export interface DeletionSweepResult {
  finished: string[];
}

/**
 * Finishes every deletion due at `now`, one transaction per account, then deletes their files.
 * `onSessionEnded` announces each ended session (the live layer closes its sockets).
 */
export async function sweepDeletions(
  db: Db,
  store: MediaStore,
  onSessionEnded: (s: { id: string; userId: string }) => void,
  now = new Date(),
): Promise<DeletionSweepResult> {
  const finished: string[] = [];
  for (;;) {
    const due = await dueDeletions(db, now);
    if (due.length === 0) break;
    for (const id of due) {
      const done = await finishDeletion(db, id, now);
      if (!done) continue;
      finished.push(id);
      for (const s of done.sessions) onSessionEnded(s);
      if (done.files.length) await store.delete(done.files);
    }
  }
  return { finished };
}

export function ownDataRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const { database, config } = app.deps;
  const db = database.db;
  const store = mediaStoreFor(config);
  const signedInEvenBanned = requireAccess('signedIn', { allowBanned: true });

  app.get(
    '/api/me/export',
    { preHandler: [signedInEvenBanned, limitPerUser('dataExport')] },
    async (request, reply) => {
      const viewer = viewerOf(request).user;
      const data = await collectExport(db, viewer.id);
      const stream = await exportZip(data, store);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="atelier-${day}.zip"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  app.post('/api/me/deletion', { preHandler: signedInEvenBanned }, async (request) => {
    const input = accountDeletionSchema.parse(request.body ?? {});
    await checkUser(request, 'accountDeletion');
    const { row, sessions } = await requestDeletion(db, viewerOf(request).user.id, input);
    for (const s of sessions) app.sessionEnds.ended(s);
    return presentCurrentUser(row);
  });

  app.delete('/api/me/deletion', { preHandler: signedInEvenBanned }, async (request) => {
    return presentCurrentUser(await cancelDeletion(db, viewerOf(request).user.id));
  });

  const sweep = async () => {
    try {
      const { finished } = await sweepDeletions(db, store, (s) => app.sessionEnds.ended(s));
      if (finished.length) app.log.info({ count: finished.length }, 'account deletions finished');
    } catch (err) {
      app.log.error({ err }, 'finishing account deletions failed (the next sweep retries)');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  app.addHook('onReady', (ready) => {
    running = sweep();
    timer = setInterval(() => {
      running = sweep();
    }, config.ACCOUNT_DELETION_SWEEP_MS);
    timer.unref();
    ready();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
  done();
}
