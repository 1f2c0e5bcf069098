/**
 * Presence, end to end in Chromium with two browser contexts: while A has a tab open, B sees A
 * online on A's status update (the dot on the author line's avatar, named "Online") and on A's
 * profile (the dot and the "Online" line); when A's page closes, B's view turns to "Last seen …"
 * and the dots go away, without a reload.
 * Screenshots of the profile in both states at 1280 and 375 px.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { shoot } from '../lib/browser.ts';
import { newMember } from '../lib/flows.ts';
import { useModeratedSite } from '../lib/site.ts';

describe('presence', () => {
  const site = useModeratedSite();

  it("shows A online to B while A's tab is open, and last seen once it closes", async () => {
    const { server, browser, mod } = site;
    const a = await newMember(browser, server, mod, 'ada');
    const b = await newMember(browser, server, mod, 'ben');
    const aId = await a.page.evaluate(async () => {
      const res = await fetch('/api/me');
      return ((await res.json()) as { id: string }).id;
    });

    // A's status update, as B sees it: the author line's avatar carries A's dot.
    await a.page.getByLabel('What are you up to?').fill('Sketching by the window.');
    await a.page.getByRole('button', { name: 'Post', exact: true }).click();
    await a.page.getByText('Sketching by the window.').waitFor();
    await b.page.goto('/status-updates');
    const card = b.page.getByRole('article').filter({ hasText: 'Sketching by the window.' });
    await card.getByRole('img', { name: 'Online' }).waitFor();

    await b.page.goto(`/users/${aId}`);
    const header = b.page.getByRole('region', { name: a.who.username });
    await header.getByRole('heading', { level: 1, name: a.who.username }).waitFor();
    // A's open tab holds a socket: online, with the dot on the avatar.
    await header.getByRole('img', { name: 'Online' }).waitFor();
    assert.equal(await header.getByTestId('presence-status').innerText(), 'Online');
    await shoot(b.page, 'presence-profile-online');

    // A closes the page: B's view follows without a reload.
    await a.page.context().close();
    await header.getByText(/^Last seen /).waitFor({ timeout: 15_000 });
    assert.match(
      await header.getByTestId('presence-status').innerText(),
      /^Last seen (now|\d+ seconds? ago)$/,
    );
    assert.equal(await header.getByRole('img', { name: 'Online' }).count(), 0);
    // The full date is in the tooltip of the relative time.
    await header.locator('time').hover();
    await b.page.getByRole('tooltip').waitFor();
    await b.page.mouse.move(0, 400);
    await b.page.getByRole('tooltip').waitFor({ state: 'detached' });
    await shoot(b.page, 'presence-profile-last-seen');

    // Back on the status updates, A's author line has no dot any more.
    await b.page.goto('/status-updates');
    await card.waitFor();
    assert.equal(await card.getByRole('img', { name: 'Online' }).count(), 0);

    // B's own tab is online for A's next visit: B's avatar in the top bar carries the dot.
    await b.page
      .getByRole('button', { name: new RegExp(b.who.username) })
      .getByRole('img', { name: 'Online' })
      .waitFor();
  });
});
