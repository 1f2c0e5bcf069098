/**
 * The home page in one statement whatever the size of the site: the sections with their latest
 * published post and its author (a lateral join served by posts_section_new_idx), the latest
 * status updates with the viewer's likes among them, and the site stats. The shared part is
 * cached per node (lib/payload-cache.ts); another viewer's first read of it runs one statement,
 * their likes among its status updates.
 */
import { sql } from 'drizzle-orm';
import {
  pageSize,
  type HomeData,
  type HomeSection,
  type Provenance,
  type RoleId,
  type Section,
  type SiteStats,
} from '@atelier/shared';
import type { Tx } from '../../db/client.ts';
import { jsonRows, selectTogether } from '../../lib/sql.ts';
import { iso } from '../../lib/time.ts';
import { joinedUser } from '../conversations/presenter.ts';
import type { LikedView } from '../../lib/http-cache.ts';
import type { MaybePromise, PayloadCache } from '../../lib/payload-cache.ts';
import { likedRows, likedView } from '../likes/service.ts';
import { presentStatusUpdate, type StatusUpdateRow } from '../status-updates/presenter.ts';
import { latestStatusUpdatesSql } from '../status-updates/queries.ts';

interface SectionRow extends Record<string, unknown> {
  slug: string;
  type: Section['type'];
  name: Section['name'];
  description: Section['description'];
  sort_order: number;
  post_count: number;
  post_id: string | null;
  post_title: string | null;
  post_provenance: Provenance | null;
  post_created_at: Date | string | null;
  author_id: string | null;
  author_username: string | null;
  author_displayed_role: RoleId | null;
  author_avatar_path: string | null;
}

const homeSectionsSql = sql`select s.slug, s.type, s.name, s.description, s.sort_order, s.post_count,
    p.id as post_id, p.title as post_title, p.provenance as post_provenance,
    p.created_at as post_created_at,
    u.id as author_id, u.username as author_username,
    u.displayed_role as author_displayed_role, u.avatar_path as author_avatar_path
  from sections s
  left join lateral (
    select id, title, provenance, created_at, author_id from posts
    where section_slug = s.slug and state = 'published'
    order by created_at desc, id desc
    limit 1
  ) p on true
  left join "user" u on u.id = p.author_id
  order by s.sort_order, s.slug`;

const presentHomeSection = (r: SectionRow): HomeSection => ({
  slug: r.slug,
  type: r.type,
  name: r.name,
  description: r.description,
  order: r.sort_order,
  postCount: r.post_count,
  lastPost:
    r.post_id && r.post_title !== null && r.post_provenance && r.post_created_at
      ? {
          id: r.post_id,
          title: r.post_title,
          provenance: r.post_provenance,
          author: joinedUser({
            id: r.author_id,
            username: r.author_username,
            displayed_role: r.author_displayed_role,
            avatar_path: r.author_avatar_path,
          }),
          createdAt: iso(r.post_created_at),
        }
      : null,
});

/**
 * Members: users holding access (none of the no-access roles pending, rejected, banned);
 * posts: the sections' post counts; comments and status updates: the site counters.
 */
const siteStatsSql = sql`json_build_object(
  'members', (select count(*) from "user"
    where not (roles && array['pending', 'rejected', 'banned']::text[])),
  'posts', (select coalesce(sum(post_count), 0) from sections),
  'comments', (select coalesce(max(value), 0) from site_counters where name = 'comments'),
  'statusUpdates', (select coalesce(max(value), 0) from site_counters where name = 'statusUpdates'))`;

/**
 * The home page in one statement: its shared part (liked flags false) and the ids of the status
 * updates on it that the viewer likes.
 */
export async function loadHome(
  db: Tx,
  viewerId: string,
): Promise<{ value: HomeData; part: Set<string> }> {
  const row = await selectTogether<{
    sections: SectionRow[];
    statusUpdates: StatusUpdateRow[];
    stats: Record<keyof SiteStats, number | string>;
  }>(db, {
    sections: jsonRows(homeSectionsSql),
    statusUpdates: jsonRows(latestStatusUpdatesSql(pageSize.homeStatusUpdates, viewerId)),
    stats: siteStatsSql,
  });
  const { stats } = row;
  return {
    value: {
      sections: row.sections.map(presentHomeSection),
      statusUpdates: row.statusUpdates.map((r) => presentStatusUpdate(r, false)),
      stats: {
        members: Number(stats.members),
        posts: Number(stats.posts),
        comments: Number(stats.comments),
        statusUpdates: Number(stats.statusUpdates),
      },
    },
    part: likedRows(row.statusUpdates),
  };
}

/**
 * The home page for a viewer (lib/http-cache.ts `answerLiked`): on a miss, `loadHome` (one
 * statement, the viewer's likes with it); on a hit, the shared part from the node's payload cache
 * and the viewer's likes among its status updates (one statement on their first read of it).
 */
export function homeFor(
  db: Tx,
  viewerId: string,
  cache: PayloadCache,
): MaybePromise<LikedView<HomeData>> {
  return likedView(
    db,
    cache,
    'home',
    viewerId,
    'statusUpdate',
    () => loadHome(db, viewerId),
    (home) => home.statusUpdates.map((s) => s.id),
  );
}
