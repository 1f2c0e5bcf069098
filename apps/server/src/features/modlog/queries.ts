/**
 * Reading the mod log: newest first, keyset-paginated on the id (identity, so in insertion order),
 * filtered by action, moderator, subject user (each an id or a username) and a date range. One
 * statement per page whatever the filters (users are joined, never fetched one by one).
 */
import { and, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  modLogBounds,
  type ModActionName,
  type ModLogEntry,
  type ModLogQuery,
  type Page,
} from '@atelier/shared';
import type { Db } from '../../db/client.ts';
import { modLog, user } from '../../db/schema/index.ts';
import { presentPublicUser, publicUserColumns } from '../users/presenter.ts';

const moderator = alias(user, 'moderator');
const subject = alias(user, 'subject');

/** The ids of the user named by an id or a username (case-insensitive). */
function userNamed(value: string): SQL {
  return sql`(select ${user.id} from ${user} where ${user.id} = ${value} or lower(${user.username}) = lower(${value}))`;
}

export async function listModLog(db: Db, query: ModLogQuery): Promise<Page<ModLogEntry>> {
  const { from, to } = modLogBounds(query);
  const conditions: (SQL | undefined)[] = [
    query.action ? eq(modLog.action, query.action) : undefined,
    query.moderator ? sql`${modLog.moderatorId} in ${userNamed(query.moderator)}` : undefined,
    query.subject ? sql`${modLog.subjectUserId} in ${userNamed(query.subject)}` : undefined,
    from ? gte(modLog.createdAt, from) : undefined,
    to ? lte(modLog.createdAt, to) : undefined,
    query.cursor ? lt(modLog.id, Number(query.cursor)) : undefined,
  ];
  const rows = await db
    .select({
      entry: modLog,
      moderator: publicUserColumns(moderator),
      subject: publicUserColumns(subject),
    })
    .from(modLog)
    .leftJoin(moderator, eq(moderator.id, modLog.moderatorId))
    .leftJoin(subject, eq(subject.id, modLog.subjectUserId))
    .where(and(...conditions))
    .orderBy(desc(modLog.id))
    .limit(query.limit + 1);
  const items = rows
    .slice(0, query.limit)
    .map(({ entry, moderator: mod, subject: subj }): ModLogEntry => ({
      id: entry.id,
      action: entry.action as ModActionName,
      moderator: mod ? presentPublicUser(mod) : null,
      subject: subj ? presentPublicUser(subj) : null,
      targetType: entry.targetType,
      targetId: entry.targetId,
      reason: entry.reason,
      data: entry.data,
      createdAt: entry.createdAt.toISOString(),
    }));
  const last = items.at(-1);
  return { items, nextCursor: rows.length > query.limit && last ? String(last.id) : null };
}
