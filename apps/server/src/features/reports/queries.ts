/**
 * The moderators' queue: every open report grouped by target, with what the target is now, the
 * reporters, and the author's moderator notes and earlier mod-log actions; plus the accounts that
 * share a visitor id with a banned user. A fixed number of statements whatever the queue's size:
 * open reports; previews of every target (one UNION ALL); notes; mod log; ban evasion; users.
 */
import { sql } from 'drizzle-orm';
import { MAX_PAGE, type ReportTargetType } from '@atelier/shared';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../lib/sql.ts';

/** Notes and earlier actions shown per author. */
export const NOTES_PER_AUTHOR = 20;
export const ACTIONS_PER_AUTHOR = 10;
/** Accounts listed as possible ban evasion. */
export const BAN_EVASION_MAX = 200;

export interface OpenReportRow extends Record<string, unknown> {
  id: string;
  reporter_id: string;
  target_type: ReportTargetType;
  target_id: string;
  target_user_id: string | null;
  reason: string;
  other_reason: string | null;
  details: string;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface PreviewRow extends Record<string, unknown> {
  type: ReportTargetType;
  id: string;
  author_id: string | null;
  title: string | null;
  text: string;
  /** The post of a post, comment or reply; the status update of a status reply. */
  parent_id: string | null;
  removed: boolean;
}

export interface NoteRow extends Record<string, unknown> {
  id: string;
  subject_id: string;
  author_id: string | null;
  body: string;
  created_at: Date | string;
}

export interface ActionRow extends Record<string, unknown> {
  id: number | string;
  subject_user_id: string;
  moderator_id: string | null;
  action: string;
  target_type: string;
  reason: string | null;
  created_at: Date | string;
}

export interface UserSummaryRow extends Record<string, unknown> {
  id: string;
  username: string;
  displayed_role: string;
  avatar_path: string | null;
  bio: string;
  roles: string[];
  ban_reason: string | null;
}

export interface EvasionRow extends Record<string, unknown> {
  other_id: string;
  banned_ids: string[];
  visitor_ids: string[];
  seen_at: Date | string;
}

const uuidRe = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuids = (ids: readonly string[]) =>
  sql`${sql.param(ids.filter((id) => uuidRe.test(id)))}::uuid[]`;
const texts = (ids: readonly string[]) => sql`${sql.param([...ids])}::text[]`;

/** Open reports, oldest first (at most MAX_PAGE). */
export function openReports(db: Tx): Promise<OpenReportRow[]> {
  return queryRows<OpenReportRow>(
    db,
    sql`select id, reporter_id, target_type, target_id, target_user_id, reason, other_reason,
          details, created_at, updated_at
        from reports where state = 'open' order by created_at, id limit ${MAX_PAGE}`,
  );
}

/** What each target is now: one statement for every content type (users come with the users). */
export async function targetPreviews(
  db: Tx,
  ids: Record<Exclude<ReportTargetType, 'user'>, string[]>,
): Promise<PreviewRow[]> {
  if (Object.values(ids).every((list) => list.length === 0)) return [];
  return queryRows<PreviewRow>(
    db,
    sql`select 'post' as type, p.id::text as id, p.author_id, p.title, left(p.body, 2000) as text,
               p.id::text as parent_id, p.state = 'removed' as removed
          from posts p where p.id = any(${uuids(ids.post)})
        union all
        select 'comment', c.id::text, c.author_id, p.title, left(c.body, 2000), c.post_id::text,
               c.deleted_at is not null
          from comments c join posts p on p.id = c.post_id where c.id = any(${uuids(ids.comment)})
        union all
        select 'commentReply', r.id::text, r.author_id, p.title, left(r.body, 2000), r.post_id::text,
               false
          from comment_replies r join posts p on p.id = r.post_id
          where r.id = any(${uuids(ids.commentReply)})
        union all
        select 'statusUpdate', s.id::text, s.author_id, null, s.content, null, false
          from status_updates s where s.id = any(${uuids(ids.statusUpdate)})
        union all
        select 'statusReply', r.id::text, r.author_id, null, r.content, r.status_id::text, false
          from status_update_replies r where r.id = any(${uuids(ids.statusReply)})`,
  );
}

/** The newest notes about each of these users. */
export function notesAbout(db: Tx, userIds: string[]): Promise<NoteRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return queryRows<NoteRow>(
    db,
    sql`select id, subject_id, author_id, body, created_at from (
          select n.*, row_number() over (partition by subject_id order by created_at desc, id) as rn
            from moderator_notes n where subject_id = any(${texts(userIds)})
        ) x where rn <= ${NOTES_PER_AUTHOR} order by created_at desc`,
  );
}

/** The newest mod-log actions about each of these users. */
export function actionsAbout(db: Tx, userIds: string[]): Promise<ActionRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return queryRows<ActionRow>(
    db,
    sql`select id, subject_user_id, moderator_id, action, target_type, reason, created_at from (
          select l.*, row_number() over (partition by subject_user_id order by created_at desc, id desc) as rn
            from mod_log l where subject_user_id = any(${texts(userIds)})
        ) x where rn <= ${ACTIONS_PER_AUTHOR} order by created_at desc, id desc`,
  );
}

export function usersByIds(db: Tx, ids: string[]): Promise<UserSummaryRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return queryRows<UserSummaryRow>(
    db,
    sql`select id, username, displayed_role, avatar_path, bio, roles, ban_reason
        from "user" where id = any(${texts(ids)})`,
  );
}

/**
 * Accounts (not banned themselves) seen with a visitor id that a banned user was seen with: one
 * row per account with its shared visitor ids (most recently seen first) and the banned accounts,
 * the most recently seen account first.
 */
export async function banEvasion(db: Tx): Promise<EvasionRow[]> {
  const rows = await queryRows<EvasionRow>(
    db,
    sql`select o.id as other_id,
          array_to_json(array_agg(distinct b.id)) as banned_ids,
          array_to_json(array_agg(vo.visitor_id order by vo.last_seen_at desc)) as visitor_ids,
          max(vo.last_seen_at) as seen_at
        from "user" b
        join visitor_checks vb on vb.user_id = b.id
        join visitor_checks vo on vo.visitor_id = vb.visitor_id and vo.user_id <> b.id
        join "user" o on o.id = vo.user_id
        where 'banned' = any(b.roles) and not ('banned' = any(o.roles))
        group by o.id
        order by max(vo.last_seen_at) desc, o.id
        limit ${BAN_EVASION_MAX}`,
  );
  const list = (v: string[] | string): string[] =>
    typeof v === 'string' ? (JSON.parse(v) as string[]) : v;
  // One visitor id shared with two banned accounts appears twice in the aggregate: once is enough.
  return rows.map((r) => ({
    ...r,
    banned_ids: list(r.banned_ids),
    visitor_ids: [...new Set(list(r.visitor_ids))],
  }));
}

export interface QueueRows {
  reports: OpenReportRow[];
  previews: PreviewRow[];
  notes: NoteRow[];
  actions: ActionRow[];
  users: UserSummaryRow[];
  evasion: EvasionRow[];
}

/** Everything /reports shows, in six statements. */
export async function loadQueue(db: Tx): Promise<QueueRows> {
  const reports = await openReports(db);
  const ids: Record<Exclude<ReportTargetType, 'user'>, string[]> = {
    post: [],
    comment: [],
    commentReply: [],
    statusUpdate: [],
    statusReply: [],
  };
  for (const r of reports) if (r.target_type !== 'user') ids[r.target_type].push(r.target_id);
  const previews = await targetPreviews(db, ids);
  const authors = new Set<string>();
  for (const r of reports) {
    if (r.target_type === 'user') authors.add(r.target_id);
    else if (r.target_user_id) authors.add(r.target_user_id);
  }
  for (const p of previews) if (p.author_id) authors.add(p.author_id);
  const notes = await notesAbout(db, [...authors]);
  const actions = await actionsAbout(db, [...authors]);
  const evasion = await banEvasion(db);
  const userIds = new Set<string>(authors);
  for (const r of reports) userIds.add(r.reporter_id);
  for (const n of notes) if (n.author_id) userIds.add(n.author_id);
  for (const a of actions) if (a.moderator_id) userIds.add(a.moderator_id);
  for (const e of evasion) {
    for (const id of e.banned_ids) userIds.add(id);
    userIds.add(e.other_id);
  }
  const users = await usersByIds(db, [...userIds]);
  return { reports, previews, notes, actions, users, evasion };
}
