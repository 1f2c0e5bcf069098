/**
 * Reports on content its author deletes (issue 11): resolved in the delete's transaction (state
 * `resolved`, action `authorDeleted`, no moderator) and logged once in the mod log
 * (`reportsResolvedByDeletion`, about the author). Reports on what the delete takes with it
 * (a post's comments and replies, a status update's replies; a comment deleted while it has
 * replies stays as "[deleted]" with them) are resolved too. A moderator's
 * delete is not covered here: removing reported content resolves its reports (reports/service.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../lib/sql.ts';
import type { RemovableTargetType } from '@atelier/shared';
import { writeModLog } from '../modlog/service.ts';

/** Which reports a delete of `type` `id` makes moot: the target and what goes with it. */
function targetsOf(type: RemovableTargetType, id: string): SQL {
  const self = sql`(target_type = ${type} and target_id = ${id})`;
  switch (type) {
    case 'post':
      return sql`(${self}
        or (target_type = 'comment' and target_id in (select id::text from comments where post_id = ${id}))
        or (target_type = 'commentReply' and target_id in (select id::text from comment_replies where post_id = ${id})))`;
    case 'statusUpdate':
      return sql`(${self}
        or (target_type = 'statusReply' and target_id in (select id::text from status_update_replies where status_id = ${id})))`;
    default:
      return self;
  }
}

/**
 * Call inside the delete's transaction, BEFORE the rows are deleted. Does nothing unless the
 * viewer is the content's author; returns how many reports it resolved.
 */
export async function resolveReportsOnAuthorDelete(
  tx: Tx,
  viewerId: string,
  item: { type: RemovableTargetType; id: string; authorId: string; data?: Record<string, unknown> },
  now = new Date(),
): Promise<number> {
  if (viewerId !== item.authorId) return 0;
  const resolved = await queryRows<{ id: string }>(
    tx,
    sql`update reports set state = 'resolved', action = 'authorDeleted', resolved_at = ${now.toISOString()}::timestamptz,
          updated_at = ${now.toISOString()}::timestamptz
        where state = 'open' and ${targetsOf(item.type, item.id)}
        returning id`,
  );
  if (resolved.length === 0) return 0;
  await writeModLog(tx, {
    moderatorId: null,
    action: 'reportsResolvedByDeletion',
    targetType: item.type,
    targetId: item.id,
    subjectUserId: item.authorId,
    data: { ...item.data, reports: resolved.length },
  });
  return resolved.length;
}
