/**
 * Live, end to end in Chromium with several browser contexts (one per person), nobody reloading:
 * B comments on A's post → A's bell goes from 0 to 1 → A clicks the entry → it is dismissed and the
 * post opens at the comment; a comment appears on A's open post page; B's status update appears on
 * A's home page; a moderator's role change shows in B's menu; log out closes the socket; a
 * moderator bans A and A's open tab goes to /banned (and home once unbanned). Screenshots of the open bell at 1280 and
 * 375 px.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { desktop, mobile, screenshotDir } from '../lib/browser.ts';
import { refocus } from '../lib/flows.ts';
import { useModeratedSite } from '../lib/site.ts';

/** A JSON API call made by the page itself (its cookie, its origin), as the web app makes them. */
async function api<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  const result = await page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(url, {
        method,
        credentials: 'same-origin',
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, text: await res.text() };
    },
    { method, url, body },
  );
  assert.ok(result.status < 400, `${method} ${url} → ${result.status} ${result.text}`);
  return (result.text ? JSON.parse(result.text) : undefined) as T;
}

/**
 * Screenshots an open popover at 1280 and 375 px (`shoot` would catch it mid-move: the popover
 * follows its anchor a moment after a resize).
 */
async function shootOpen(page: Page, name: string): Promise<void> {
  for (const size of [desktop, mobile]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(screenshotDir, `${name}-${size.width}.png`) });
  }
  await page.setViewportSize(desktop);
  await page.waitForTimeout(400);
}

/**
 * Opens `path` and waits until the tab's socket is up (it upgrades to a WebSocket once
 * connected), so what others do next is heard live.
 */
async function openLive(page: Page, path: string): Promise<void> {
  const upgraded = page.waitForEvent('websocket', (ws) => ws.url().includes('/socket.io/'));
  await page.goto(path);
  await upgraded;
  await page.waitForTimeout(300);
}

describe('live', () => {
  const site = useModeratedSite({ members: { alice: 'alma', bob: 'bruno' } });

  it("B's comment rings A's bell without a reload; the entry is dismissed and opens the post at the comment", async () => {
    const { alice, bob } = site;
    const a = alice.page;
    const post = await api<{ id: string }>(a, 'POST', '/api/posts', {
      section: 'writing',
      title: 'Tidal notes',
      body: 'Notes written between two tides.',
      provenance: 'human',
    });
    await openLive(a, '/');
    await a.getByRole('button', { name: 'Notifications (0)' }).waitFor();

    const b = bob.page;
    await b.goto(`/posts/${post.id}`);
    await b.getByLabel('Add a comment').fill('These read like the sea itself.');
    await b.getByRole('button', { name: 'Comment', exact: true }).click();
    await b.getByText('These read like the sea itself.').waitFor();

    await a.getByRole('button', { name: 'Notifications (1)' }).click();
    const entry = a.getByRole('button', {
      name: new RegExp(`${bob.who.username} commented on “Tidal notes”`),
    });
    await entry.waitFor();
    await shootOpen(a, 'live-bell-open');
    await entry.click();
    await a.waitForURL(new RegExp(`/posts/${post.id}#comment-[0-9a-f-]{36}$`));
    await a.getByText('These read like the sea itself.').waitFor();
    await a.getByRole('button', { name: 'Notifications (0)' }).waitFor();
    assert.deepEqual(await api<unknown[]>(a, 'GET', '/api/notifications'), []);
    // The comment opened is the one scrolled to.
    const hash = new URL(a.url()).hash.slice(1);
    assert.ok(
      await a.evaluate((id) => {
        const el = document.getElementById(id);
        if (!el) return false;
        const box = el.getBoundingClientRect();
        return box.bottom > 0 && box.top < window.innerHeight;
      }, hash),
      'the comment is in view',
    );

    // On the open post page, B's next comment appears without a reload.
    await b.getByLabel('Add a comment').fill('And the second tide?');
    await b.getByRole('button', { name: 'Comment', exact: true }).click();
    await a.getByText('And the second tide?').waitFor();
    await a.getByRole('button', { name: 'Notifications (1)' }).waitFor();
  });

  it("B's status update appears on A's home page without a reload", async () => {
    const { alice, bob } = site;
    const a = alice.page;
    await openLive(a, '/');
    await a.getByRole('heading', { name: 'Status updates' }).waitFor();
    const b = bob.page;
    await b.goto('/');
    await b.getByLabel('What are you up to?').fill('Painting gulls this afternoon.');
    await b.getByRole('button', { name: 'Post', exact: true }).click();
    await b.getByText('Painting gulls this afternoon.').waitFor();
    await a.getByText('Painting gulls this afternoon.').waitFor();
  });

  it("a moderator's role change updates B's menu without a reload", async () => {
    const { mod, bob } = site;
    const b = bob.page;
    await openLive(b, '/');
    const me = await api<{ id: string; displayedRole: string }>(b, 'GET', '/api/me');
    assert.equal(me.displayedRole, 'probation-writer');
    await mod.goto('/');
    // Promoted: the probation role is no longer held, the displayed role becomes the new one.
    await api(mod, 'PUT', `/api/users/${me.id}/roles`, { roles: ['advanced-writer'] });
    await b.getByRole('button', { name: `Menu of ${bob.who.username}` }).click();
    await b.locator('#user-menu [data-role="advanced-writer"]').waitFor({ timeout: 10_000 });
    await b.keyboard.press('Escape');
  });

  it('log out closes the socket', async () => {
    const { bob } = site;
    const b = bob.page;
    const upgraded = b.waitForEvent('websocket', (ws) => ws.url().includes('/socket.io/'));
    await b.goto('/');
    const ws = await upgraded;
    const closed = ws.waitForEvent('close');
    await b.getByRole('button', { name: `Menu of ${bob.who.username}` }).click();
    await b.getByRole('menuitem', { name: 'Log out' }).click();
    await b.waitForURL('**/login');
    await closed;
    assert.ok(ws.isClosed());
  });

  it("a moderator bans A and A's open tab goes to /banned; unbanned, it goes home", async () => {
    const { server, mod, alice } = site;
    const a = alice.page;
    await openLive(a, '/');
    const me = await api<{ id: string }>(a, 'GET', '/api/me');
    await mod.goto('/');
    await api(mod, 'POST', `/api/users/${me.id}/ban`, { reason: 'Testing the live ban' });
    await a.waitForURL('**/banned', { timeout: 10_000 });
    await a.getByText('Testing the live ban').first().waitFor();

    // A banned user has no socket: an unban reaches the open /banned tab when the person comes
    // back to it (or within the minute), and the guard takes it home.
    await api(mod, 'POST', `/api/users/${me.id}/unban`);
    await refocus(a);
    await a.waitForURL(`${server.baseUrl}/`, { timeout: 10_000 });
  });
});
