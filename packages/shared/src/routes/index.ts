/**
 * The route table: every /api route declared once (method, path, schemas, access, rate limit).
 * The server registers routes from it, the OpenAPI document is generated from it, the web app's
 * client calls through it. One file per feature.
 */
import { applications } from './applications.ts';
import { clientErrors } from './clientErrors.ts';
import { health } from './health.ts';
import { comments } from './comments.ts';
import { credits } from './credits.ts';
import { home } from './home.ts';
import { likes } from './likes.ts';
import { media } from './media.ts';
import { moderation } from './moderation.ts';
import { modLog } from './modlog.ts';
import { notes } from './notes.ts';
import { ownData } from './ownData.ts';
import { posts } from './posts.ts';
import { notifications } from './notifications.ts';
import { presence } from './presence.ts';
import { profiles } from './profiles.ts';
import { promotions } from './promotions.ts';
import { reports } from './reports.ts';
import { search } from './search.ts';
import { sections } from './sections.ts';
import { statusUpdates } from './statusUpdates.ts';
import { session } from './session.ts';
import { tags } from './tags.ts';
import { users } from './users.ts';
import { visitors } from './visitors.ts';
import type { RouteDef } from './define.ts';

export * from './define.ts';

export const routes = {
  applications,
  clientErrors,
  health,
  comments,
  credits,
  home,
  likes,
  media,
  moderation,
  modLog,
  notes,
  ownData,
  posts,
  notifications,
  presence,
  profiles,
  promotions,
  reports,
  search,
  sections,
  statusUpdates,
  session,
  tags,
  users,
  visitors,
};

/** Every declared route, flat. */
export const allRoutes: RouteDef[] = Object.values(routes).flatMap((feature): RouteDef[] =>
  Object.values<RouteDef>(feature),
);
