/**
 * The route table: every /api route declared once (method, path, schemas, access, rate limit).
 * The server registers routes from it, the OpenAPI document is generated from it, the web app's
 * client calls through it. One file per feature.
 */
import { clientErrors } from './clientErrors.ts';
import { comments } from './comments.ts';
import { home } from './home.ts';
import { likes } from './likes.ts';
import { media } from './media.ts';
import { modLog } from './modlog.ts';
import { notes } from './notes.ts';
import { posts } from './posts.ts';
import { presence } from './presence.ts';
import { profiles } from './profiles.ts';
import { reports } from './reports.ts';
import { sections } from './sections.ts';
import { statusUpdates } from './statusUpdates.ts';
import { tags } from './tags.ts';
import { visitors } from './visitors.ts';
import type { RouteDef } from './define.ts';

export * from './define.ts';

export const routes = {
  clientErrors,
  comments,
  home,
  likes,
  media,
  modLog,
  notes,
  posts,
  presence,
  profiles,
  reports,
  sections,
  statusUpdates,
  tags,
  visitors,
};

/** Every declared route, flat. */
export const allRoutes: RouteDef[] = Object.values(routes).flatMap((feature): RouteDef[] =>
  Object.values<RouteDef>(feature),
);
