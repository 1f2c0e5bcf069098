/**
 * `npm run admin -- mail`: the mail outbox's rows not sent yet (pending and parked), and
 * `mail requeue [id…]`: parked rows back in the queue (the running server's sweep delivers them
 * within MAIL_SWEEP_MS).
 */
import type { Db } from '../db/client.ts';
import { requeueParked, unsentMail } from '../mail/outbox.ts';

export async function mailCommandRun(
  db: Db,
  sub: string | undefined,
  ids: number[],
  out: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<void> {
  if (sub === 'requeue') {
    const count = await requeueParked(db, ids.length > 0 ? ids : undefined);
    out(`${count} parked mail${count === 1 ? '' : 's'} back in the queue.`);
    return;
  }
  const rows = await unsentMail(db);
  if (rows.length === 0) {
    out('No mail waiting: everything was sent.');
    return;
  }
  for (const r of rows) {
    const state = r.parkedAt
      ? `parked ${r.parkedAt.toISOString()}`
      : `pending, next attempt ${r.nextAttemptAt.toISOString()}`;
    out(
      `#${r.id}  ${r.recipient}  "${r.subject}"  written ${r.createdAt.toISOString()}  attempts ${r.attempts}  ${state}${r.lastError ? `  last error: ${r.lastError}` : ''}`,
    );
  }
  const parked = rows.filter((r) => r.parkedAt).length;
  out(
    `${rows.length - parked} pending, ${parked} parked.${parked > 0 ? ' Re-queue: npm run admin -- mail requeue [id ...]' : ''}`,
  );
}
