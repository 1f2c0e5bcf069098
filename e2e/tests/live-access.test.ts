/**
 * Live access changes for people without access (issue 11), in Chromium: an applicant's tab on
 * /application moves to / within 2 s of a moderator's approval in another context, and a banned
 * tab on /banned moves to / within 2 s of the unban — without focus or reload (the 60 s poll would
 * be far too late: the tab's limited socket carries `me:changed`).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newContext, watchSockets } from '../lib/browser.ts';
import { apply, approve, person, register, verify } from '../lib/flows.ts';
import { useModeratedSite } from '../lib/site.ts';

describe('live access changes', () => {
  const site = useModeratedSite();

  it("moves an applicant's tab to / within 2 s of approval, and a banned tab within 2 s of unban", async () => {
    const { server, browser, mod } = site;
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    // From the start: the limited socket may open as soon as the verified applicant lands.
    const sockets = watchSockets(page);
    const applicant = person('lia');
    await register(page, applicant);
    await verify(page, server.mailDir, applicant);
    await apply(page);
    await sockets.opened();

    await approve(mod, applicant.username);
    const approvedAt = Date.now();
    await page.waitForURL(`${server.baseUrl}/`, { timeout: 5_000 });
    const moved = Date.now() - approvedAt;
    assert.ok(moved <= 2_000, `the applicant's tab moved after ${moved} ms`);
    await page.getByRole('heading', { name: 'Sections' }).waitFor();
    // The approval also rings the bell (applicationApproved).
    await page.getByRole('button', { name: 'Notifications (1)' }).waitFor();

    // Banned: the tab goes to /banned (its socket with access closes; a limited one opens).
    const id = await page.evaluate(
      async () => ((await (await fetch('/api/me')).json()) as { id: string }).id,
    );
    const before = sockets.count();
    const call = (path: string, body?: object) =>
      mod.evaluate(
        async ({ path, body }) => {
          const res = await fetch(path, {
            method: 'POST',
            headers: body ? { 'content-type': 'application/json' } : {},
            body: body ? JSON.stringify(body) : undefined,
          });
          return res.status;
        },
        { path, body },
      );
    assert.equal(await call(`/api/users/${id}/ban`, { reason: 'Spam links' }), 204);
    await page.waitForURL('**/banned', { timeout: 5_000 });
    await page.getByText('Spam links').waitFor();
    await sockets.opened(before);

    assert.equal(await call(`/api/users/${id}/unban`), 204);
    const unbannedAt = Date.now();
    await page.waitForURL(`${server.baseUrl}/`, { timeout: 5_000 });
    const back = Date.now() - unbannedAt;
    assert.ok(back <= 2_000, `the banned tab moved after ${back} ms`);
    await context.close();
  });
});
