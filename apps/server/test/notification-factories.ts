/** Notifications written straight into the database (notifications*.test.ts). */
import { notifications } from '../src/db/schema/index.ts';
import type { TestUser } from './factories.ts';
import type { TestApp } from './helpers.ts';

/** A status-reply notification for `recipient` from `author`, created `minutesAgo`; its id. */
export async function insertNotification(
  t: TestApp,
  recipient: Pick<TestUser, 'id'>,
  author: Pick<TestUser, 'id'>,
  minutesAgo: number,
): Promise<string> {
  const [row] = await t.database.db
    .insert(notifications)
    .values({
      recipientId: recipient.id,
      authorId: author.id,
      type: 'statusReply',
      statusId: '00000000-0000-4000-8000-000000000001',
      replyId: '00000000-0000-4000-8000-000000000002',
      content: `reply ${minutesAgo}`,
      repliedContent: 'status',
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    })
    .returning({ id: notifications.id });
  if (!row) throw new Error('no notification inserted');
  return row.id;
}
