/** Posts as the API shows them, from the raw rows of queries.ts. */
import {
  excerptOf,
  type MediaKind,
  type Post,
  type PostSummary,
  type Provenance,
  type RoleId,
} from '@atelier/shared';
import { markdownHtml } from '../../lib/markdown.ts';
import { iso } from '../../lib/time.ts';
import { presentMedia, type MediaFields } from '../media/presenter.ts';
import { presentAuthorFields } from '../users/presenter.ts';

export interface PostSummaryRow extends Record<string, unknown> {
  id: string;
  author_id: string;
  section_slug: string;
  title: string;
  body_start: string;
  provenance: Provenance;
  tools: string;
  tag_ids: string[] | null;
  /** int; typed loosely as raw drivers may give a string. */
  like_count: number | string;
  comment_count: number | string;
  view_count: number | string;
  edition_count: number | string;
  edition_at: Date | string | null;
  created_at: Date | string;
  cursor_ts: string;
  author_username: string;
  author_displayed_role: RoleId;
  author_avatar_path: string | null;
  cover_id: string | null;
  cover_kind: MediaKind | null;
  cover_key: string | null;
  cover_thumbnail_key: string | null;
  cover_width: number | null;
  cover_height: number | null;
  cover_bytes: number | string | null;
  cover_mime: string | null;
  media_count: number | string;
}

export interface PostRowFull extends PostSummaryRow {
  body: string;
  state: 'published' | 'removed';
  removal_reason: string | null;
  removal_other_reason: string | null;
}

export function presentPostSummary(row: PostSummaryRow, liked: boolean): PostSummary {
  const cover =
    row.cover_id && row.cover_kind && row.cover_key && row.cover_mime
      ? presentMedia({
          id: row.cover_id,
          kind: row.cover_kind,
          key: row.cover_key,
          thumbnailKey: row.cover_thumbnail_key,
          width: row.cover_width,
          height: row.cover_height,
          bytes: Number(row.cover_bytes ?? 0),
          mime: row.cover_mime,
        })
      : null;
  return {
    id: row.id,
    author: presentAuthorFields(row),
    section: row.section_slug,
    title: row.title,
    excerpt: excerptOf(row.body_start),
    provenance: row.provenance,
    tools: row.tools,
    tags: row.tag_ids ?? [],
    cover,
    mediaCount: Number(row.media_count),
    likeCount: Number(row.like_count),
    commentCount: Number(row.comment_count),
    viewCount: Number(row.view_count),
    liked,
    createdAt: iso(row.created_at),
    editionCount: Number(row.edition_count),
    editionTimestamp: row.edition_at ? iso(row.edition_at) : null,
  };
}

export function presentPost(row: PostRowFull, media: MediaFields[], liked: boolean): Post {
  return {
    ...presentPostSummary(row, liked),
    body: row.body,
    bodyHtml: markdownHtml(row.body),
    media: media.map(presentMedia),
    state: row.state,
    removal:
      row.state === 'removed' && row.removal_reason
        ? { reason: row.removal_reason, otherReason: row.removal_other_reason }
        : null,
  };
}
