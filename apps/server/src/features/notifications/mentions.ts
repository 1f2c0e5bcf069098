/**
 * Mentions (issue 11): `@username` in a post body, a comment or a reply notifies that user (type
 * `mention`), once per item: on creation, and on an edit only for mentions the edit added. Never
 * the item's author, and only users who can see the item (with access, not banned, not deleted).
 * Usernames are matched case-insensitively up to the first space (a username with a space can
 * be mentioned by its first word only if that is the whole username, so not at all); text in code
 * spans and code blocks does not mention anyone.
 */
import { sql } from 'drizzle-orm';
import { excerptOf, type MentionTargetType } from '@atelier/shared';
import type { Tx } from '../../db/client.ts';
import { user } from '../../db/schema/index.ts';
import { stateOf } from '../../auth/access.ts';
import { recordEvent, type EventPost } from '../../live/events.ts';

/** At most this many users are notified by one item (a longer list is spam, not a mention). */
export const MENTIONS_PER_ITEM = 20;

const mentionPattern = /(?<![\p{L}\p{N}_.@/-])@([\p{L}\p{N}_.-]+)/gu;

/** The usernames mentioned in a Markdown text, lower-cased, each once, in order. */
export function mentionedUsernames(markdown: string): string[] {
  const text = markdown.replace(/```[\s\S]*?```/g, ' ').replace(/`[^`\n]*`/g, ' ');
  const names = new Set<string>();
  for (const match of text.matchAll(mentionPattern)) {
    const name = (match[1] ?? '').replace(/[.-]+$/u, '').toLowerCase();
    if (name) names.add(name);
  }
  return [...names];
}

export interface MentionSource {
  /** The item's author (the notification's author; never notified). */
  authorId: string;
  body: string;
  /** The text before an edit: only mentions it did not have notify. */
  previousBody?: string;
  target: MentionTargetType;
  post: EventPost;
  commentId?: string | null;
  replyId?: string | null;
}

/** Records one `mention.created` event per newly mentioned user who can see the item. */
export async function recordMentions(tx: Tx, source: MentionSource): Promise<void> {
  const before = new Set(source.previousBody ? mentionedUsernames(source.previousBody) : []);
  const names = mentionedUsernames(source.body)
    .filter((n) => !before.has(n))
    .slice(0, MENTIONS_PER_ITEM);
  if (names.length === 0) return;
  const people = await tx
    .select({ id: user.id, emailVerified: user.emailVerified, roles: user.roles })
    .from(user)
    .where(
      sql`lower(${user.username}) = any(${sql.param(names)}::text[]) and ${user.deletedAt} is null`,
    );
  const content = excerptOf(source.body, 200);
  for (const person of people) {
    if (person.id === source.authorId) continue;
    const state = stateOf(person);
    if (state !== 'member' && state !== 'moderator') continue;
    await recordEvent(tx, {
      type: 'mention.created',
      actorId: source.authorId,
      data: {
        recipientId: person.id,
        target: source.target,
        post: source.post,
        commentId: source.commentId ?? null,
        replyId: source.replyId ?? null,
        content,
      },
    });
  }
}
