/**
 * The home page in four statements whatever the size of the site: the sections with their latest
 * published post and its author (a lateral join served by posts_section_new_idx), the latest
 * status updates, and the site stats — the shared part, cached per node (lib/payload-cache.ts) —
 * then the viewer's likes among the status updates (the one statement of a cache hit).
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
import { queryRows } from '../../lib/sql.ts';
import { iso } from '../../lib/time.ts';
import { joinedUser } from '../conversations/presenter.ts';
import type { LikedView } from '../../lib/http-cache.ts';
import { andThen, type MaybePromise, type PayloadCache } from '../../lib/payload-cache.ts';
import { likedInPayload } from '../likes/service.ts';
import { listStatusUpdates } from '../status-updates/queries.ts';

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

export async function homeSections(db: Tx): Promise<HomeSection[]> {
  const rows = await queryRows<SectionRow>(
    db,
    sql`select s.slug, s.type, s.name, s.description, s.sort_order, s.post_count,
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
        order by s.sort_order, s.slug`,
  );
  return rows.map((r) => ({
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
  }));
}

/**
 * Members: users holding access (none of the no-access roles pending, rejected, banned);
 * posts: the sections' post counts; comments and status updates: the site counters.
 */
export async function siteStats(db: Tx): Promise<SiteStats> {
  const [row] = await queryRows<{
    members: number | string;
    posts: number | string;
    comments: number | string;
    status_updates: number | string;
  }>(
    db,
    sql`select
          (select count(*) from "user"
            where not (roles && array['pending', 'rejected', 'banned']::text[])) as members,
          (select coalesce(sum(post_count), 0) from sections) as posts,
          (select coalesce(max(value), 0) from site_counters where name = 'comments') as comments,
          (select coalesce(max(value), 0) from site_counters where name = 'statusUpdates')
            as status_updates`,
  );
  return {
    members: Number(row?.members ?? 0),
    posts: Number(row?.posts ?? 0),
    comments: Number(row?.comments ?? 0),
    statusUpdates: Number(row?.status_updates ?? 0),
  };
}

/** The part of the home page that is the same for everyone (liked flags false). */
export async function sharedHomeData(db: Tx): Promise<HomeData> {
  const sections = await homeSections(db);
  const statusUpdates = await listStatusUpdates(db, null, {
    limit: pageSize.homeStatusUpdates,
  });
  const stats = await siteStats(db);
  return { sections, statusUpdates: statusUpdates.items, stats };
}

/**
 * The home page for a viewer (lib/http-cache.ts `answerLiked`): the shared part from the node's
 * payload cache (no statement on a hit) and the viewer's likes among its status updates (one
 * statement on their first read of it).
 */
export function homeFor(
  db: Tx,
  viewerId: string,
  cache: PayloadCache,
): MaybePromise<LikedView<HomeData>> {
  return andThen(
    cache.getNow('home', () => sharedHomeData(db)),
    (cached) =>
      andThen(
        likedInPayload(
          db,
          cache,
          'home',
          'statusUpdate',
          () => cached.value.statusUpdates.map((s) => s.id),
          viewerId,
        ),
        (liked) => ({ cached, liked: [liked] }),
      ),
  );
}
