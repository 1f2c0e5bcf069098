/** Reports as the API shows them: never a raw row. */
import {
  excerptOf,
  isBanned,
  type BanEvasionSignal,
  type MyReport,
  type ParsedReportInput,
  type PublicUser,
  type QueuedReport,
  type ReportGroup,
  type ReportReason,
  type ReportTargetPreview,
  type RoleId,
} from '@atelier/shared';
import { iso } from '../../lib/time.ts';
import { presentPublicUser } from '../users/presenter.ts';
import type {
  ActionRow,
  NoteRow,
  OpenReportRow,
  PreviewRow,
  QueueRows,
  UserSummaryRow,
} from './queries.ts';
import type { SavedReport } from './service.ts';

export function presentMyReport(input: ParsedReportInput, saved: SavedReport): MyReport {
  return {
    id: saved.id,
    targetType: input.targetType,
    targetId: input.targetId,
    reason: input.reason,
    otherReason: input.otherReason,
    details: input.details,
    createdAt: saved.createdAt.toISOString(),
    updatedAt: saved.updatedAt.toISOString(),
  };
}

function publicUser(row: UserSummaryRow | undefined): PublicUser | null {
  if (!row) return null;
  return presentPublicUser({
    id: row.id,
    username: row.username,
    displayedRole: row.displayed_role as RoleId,
    avatarPath: row.avatar_path,
  });
}

function preview(
  type: OpenReportRow['target_type'],
  id: string,
  content: PreviewRow | undefined,
  target: UserSummaryRow | undefined,
): ReportTargetPreview {
  if (type === 'user') {
    return target
      ? {
          exists: true,
          title: target.username,
          excerpt: excerptOf(target.bio, 300),
          link: `/users/${id}`,
          removed: false,
        }
      : { exists: false, title: null, excerpt: '', link: null, removed: false };
  }
  if (!content) return { exists: false, title: null, excerpt: '', link: null, removed: false };
  const link = {
    post: `/posts/${id}`,
    comment: `/posts/${content.parent_id ?? ''}#comment-${id}`,
    commentReply: `/posts/${content.parent_id ?? ''}#reply-${id}`,
    statusUpdate: content.author_id ? `/users/${content.author_id}?tab=status` : null,
    statusReply: content.author_id ? `/users/${content.author_id}?tab=status` : null,
  }[type];
  return {
    exists: true,
    title: content.title,
    excerpt: excerptOf(content.text, 300),
    link,
    removed: content.removed,
  };
}

/** Groups the open reports by target: the most reported first, then the oldest. */
export function presentQueue(rows: QueueRows): {
  groups: ReportGroup[];
  banEvasion: BanEvasionSignal[];
} {
  const users = new Map(rows.users.map((u) => [u.id, u]));
  const previews = new Map(rows.previews.map((p) => [`${p.type}:${p.id}`, p]));
  const notesBy = new Map<string, NoteRow[]>();
  for (const n of rows.notes) notesBy.set(n.subject_id, [...(notesBy.get(n.subject_id) ?? []), n]);
  const actionsBy = new Map<string, ActionRow[]>();
  for (const a of rows.actions) {
    actionsBy.set(a.subject_user_id, [...(actionsBy.get(a.subject_user_id) ?? []), a]);
  }

  const byTarget = new Map<string, OpenReportRow[]>();
  for (const r of rows.reports) {
    const key = `${r.target_type}:${r.target_id}`;
    byTarget.set(key, [...(byTarget.get(key) ?? []), r]);
  }

  const groups: ReportGroup[] = [];
  for (const [key, list] of byTarget) {
    const first = list[0];
    if (!first) continue;
    const content = previews.get(key);
    const authorId =
      first.target_type === 'user' ? first.target_id : (content?.author_id ?? first.target_user_id);
    const authorRow = authorId ? users.get(authorId) : undefined;
    const reports: QueuedReport[] = list
      .map((r) => ({
        id: r.id,
        reporter: publicUser(users.get(r.reporter_id)),
        reason: r.reason as ReportReason,
        otherReason: r.other_reason,
        details: r.details,
        createdAt: iso(r.created_at),
        updatedAt: iso(r.updated_at),
      }))
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
    const times = list.map((r) => iso(r.created_at)).sort();
    groups.push({
      targetType: first.target_type,
      targetId: first.target_id,
      author: publicUser(authorRow),
      authorBanned: authorRow ? isBanned(authorRow.roles as RoleId[]) : false,
      target: preview(first.target_type, first.target_id, content, authorRow),
      reportCount: list.length,
      firstReportedAt: times[0] ?? iso(first.created_at),
      lastReportedAt: times.at(-1) ?? iso(first.created_at),
      reports,
      authorNotes: (authorId ? (notesBy.get(authorId) ?? []) : []).map((n) => ({
        id: n.id,
        author: publicUser(n.author_id ? users.get(n.author_id) : undefined),
        body: n.body,
        createdAt: iso(n.created_at),
      })),
      authorActions: (authorId ? (actionsBy.get(authorId) ?? []) : []).map((a) => ({
        id: Number(a.id),
        action: a.action,
        targetType: a.target_type,
        moderator: publicUser(a.moderator_id ? users.get(a.moderator_id) : undefined),
        reason: a.reason,
        createdAt: iso(a.created_at),
      })),
    });
  }
  groups.sort(
    (a, b) => b.reportCount - a.reportCount || a.firstReportedAt.localeCompare(b.firstReportedAt),
  );

  const banEvasion: BanEvasionSignal[] = [];
  for (const e of rows.evasion) {
    const otherUser = publicUser(users.get(e.other_id));
    if (!otherUser) continue;
    const bannedUsers = e.banned_ids.flatMap((id) => {
      const banned = users.get(id);
      const user = publicUser(banned);
      return user ? [{ user, banReason: banned?.ban_reason ?? null }] : [];
    });
    if (bannedUsers.length === 0) continue;
    bannedUsers.sort((a, b) => a.user.username.localeCompare(b.user.username));
    banEvasion.push({ otherUser, bannedUsers, visitorIds: e.visitor_ids, seenAt: iso(e.seen_at) });
  }
  return { groups, banEvasion };
}
