/**
 * The mod log: every moderator action, written in the same transaction as the action itself
 * (`writeModLog(tx, …)`), so the log holds exactly what happened.
 */
import type { ModActionName } from '@atelier/shared';
import type { Tx } from '../../db/client.ts';
import { modLog } from '../../db/schema/index.ts';

/** The action names (shared with the web app's mod-log page). */
export type ModAction = ModActionName;

export interface ModLogEntry {
  /** Null for what no moderator did (reports resolved because their author deleted the content). */
  moderatorId: string | null;
  action: ModAction;
  /** What was acted on: post, comment, commentReply, statusUpdate, statusReply, user, tag, application, promotion, report, note. */
  targetType: string;
  targetId: string;
  /** The user the action is about, when there is one. */
  subjectUserId?: string | null;
  reason?: string | null;
  /** What changed, kept as it was (old and new roles, the post title…). */
  data?: Record<string, unknown>;
}

export async function writeModLog(tx: Tx, entry: ModLogEntry): Promise<void> {
  await tx.insert(modLog).values({
    moderatorId: entry.moderatorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    subjectUserId: entry.subjectUserId ?? null,
    reason: entry.reason ?? null,
    data: entry.data ?? {},
  });
}
