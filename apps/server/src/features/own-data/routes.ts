/**
 * One's own data: the handlers of `routes.ownData` (packages/shared/src/routes/ownData.ts): the
 * export (a streamed ZIP), scheduling or cancelling the deletion of the account; and the sweep
 * that finishes deletions after the grace period (at start and every ACCOUNT_DELETION_SWEEP_MS).
 */
import type { FastifyInstance } from 'fastify';
import { routes } from '@atelier/shared';
import type { Db } from '../../db/client.ts';
import { registerRoute } from '../../lib/routes.ts';
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

  registerRoute(app, routes.ownData.export, async ({ viewer, reply }) => {
    const stream = await exportZip(await collectExport(db, viewer.user.id), store);
    const day = new Date().toISOString().slice(0, 10);
    void reply
      .header('content-disposition', `attachment; filename="atelier-${day}.zip"`)
      .header('cache-control', 'no-store');
    return stream;
  });

  registerRoute(app, routes.ownData.requestDeletion, async ({ body, viewer }) => {
    const { row, sessions } = await requestDeletion(db, viewer.user.id, body);
    for (const s of sessions) app.sessionEnds.ended(s);
    return presentCurrentUser(row);
  });

  registerRoute(app, routes.ownData.cancelDeletion, async ({ viewer }) =>
    presentCurrentUser(await cancelDeletion(db, viewer.user.id)),
  );

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
