/**
 * The prelude of most browser tests: the real server (with the moderator of lib/flows.ts as its
 * admin), Chromium, that moderator signed in on a page of their own and, if asked, members
 * approved by them — started before the tests of the `describe` it stands in and stopped after
 * them.
 */
import { after, before } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launch } from './browser.ts';
import { moderator, newMember, newModerator, type Member } from './flows.ts';
import { startServer, type RunningServer } from './server.ts';

export interface ModeratedSite {
  server: RunningServer;
  browser: Browser;
  /** The moderator's page, signed in. */
  mod: Page;
}

export interface SiteOptions<M extends string> {
  /**
   * The members to make, in this order, each signed in on a page of their own and set on the site
   * under their name: name → prefix of their username (see `newMember`).
   */
  members?: Record<M, string>;
  /** More of the server's environment, read when `before` runs (after earlier hooks). */
  env?: () => Record<string, string>;
}

/**
 * Registers the `before` and `after` hooks; the fields are set once `before` has run. The members'
 * names must differ from the site's own fields.
 */
export function useModeratedSite<M extends string = never>(
  options: SiteOptions<M> = {},
): ModeratedSite & Record<M, Member> {
  const site: Partial<ModeratedSite> = {};
  before(async () => {
    site.server = await startServer({ ADMIN_EMAILS: moderator.email, ...options.env?.() });
    site.browser = await launch();
    site.mod = await newModerator(site.browser, site.server);
    for (const [name, prefix] of Object.entries<string>(options.members ?? {}))
      Object.assign(site, { [name]: await newMember(site.browser, site.server, site.mod, prefix) });
  });
  after(async () => {
    await site.browser?.close();
    await site.server?.stop();
  });
  return site as ModeratedSite & Record<M, Member>;
}
