/**
 * The route table: every /api route declared once (method, path, schemas, access, rate limit).
 * The server registers routes from it, the OpenAPI document is generated from it, the web app's
 * client calls through it. One file per feature.
 */
import { clientErrors } from './clientErrors.ts';
import { home } from './home.ts';
import { media } from './media.ts';
import { modLog } from './modlog.ts';
import { notes } from './notes.ts';
import { presence } from './presence.ts';
import { profiles } from './profiles.ts';
import { reports } from './reports.ts';
import { sections } from './sections.ts';
import { session } from './session.ts';
import { tags } from './tags.ts';
import { visitors } from './visitors.ts';
import type { RouteDef } from './define.ts';

export * from './define.ts';

export const routes = {
  clientErrors,
  home,
  media,
  modLog,
  notes,
  presence,
  profiles,
  reports,
  sections,
  session,
  tags,
  visitors,
};

/** Every declared route, flat. */
export const allRoutes: RouteDef[] = Object.values(routes).flatMap((feature): RouteDef[] =>
  Object.values<RouteDef>(feature),
);
