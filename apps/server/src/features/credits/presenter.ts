/** Series and credits as the API shows them (shared `credits.ts` types), from raw rows. */
import type { PostLink, RoleId, Series } from '@atelier/shared';
import { iso } from '../../lib/time.ts';
import { presentAuthorFields } from '../users/presenter.ts';

export interface SeriesRowWithAuthor extends Record<string, unknown> {
  id: string;
  title: string;
  description: string;
  created_at: Date | string;
  author_id: string;
  author_username: string;
  author_displayed_role: RoleId;
  author_avatar_path: string | null;
  chapter_count: number | string;
}

export function presentSeries(row: SeriesRowWithAuthor): Series {
  return {
    id: row.id,
    author: presentAuthorFields(row),
    title: row.title,
    description: row.description,
    chapterCount: Number(row.chapter_count),
    createdAt: iso(row.created_at),
  };
}

export interface ChapterRow extends Record<string, unknown> {
  id: string;
  title: string;
}

export const presentLink = (row: ChapterRow): PostLink => ({ id: row.id, title: row.title });
