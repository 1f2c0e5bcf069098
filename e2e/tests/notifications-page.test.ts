/**
 * Notifications page (issue 11), in Chromium: B mentions A (`@A`) in a comment on A's post; A's
 * /notifications shows the mention on top, marked "New", linking to the comment; "See all" in the
 * bell's menu leads there; the mention renders as a link to A's profile. Screenshots of the page
 * at 1280 and 375 px.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { shoot } from '../lib/browser.ts';
import { useModeratedSite } from '../lib/site.ts';

describe('notifications page', () => {
  const site = useModeratedSite({ members: { alice: 'alba', bob: 'boris' } });

  it('a mention in a comment shows on /notifications, linking to the comment', async () => {
    const { alice, bob } = site;
    const a = alice.page;
    const created = await a.evaluate(async () => {
      const res = await fetch('/api/posts', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          section: 'writing',
          title: 'Harbour lights',
          body: 'Lights on the water.',
          provenance: 'human',
        }),
      });
      return (await res.json()) as { id: string };
    });

    const b = bob.page;
    await b.goto(`/posts/${created.id}`);
    await b.getByLabel('Add a comment').fill(`Lovely, @${alice.who.username} — more please.`);
    await b.getByRole('button', { name: 'Comment', exact: true }).click();
    const mentionLink = b.getByRole('link', { name: `@${alice.who.username}` });
    await mentionLink.waitFor();
    assert.equal(
      await mentionLink.getAttribute('href'),
      `/u/${encodeURIComponent(alice.who.username)}`,
    );

    await a.goto('/');
    await a.getByRole('button', { name: /^Notifications \([1-9]/ }).click();
    await a.getByRole('link', { name: 'See all notifications' }).click();
    await a.waitForURL(/\/notifications$/);
    const list = a.getByRole('list', { name: 'Notifications' });
    const entry = list.getByRole('link', {
      name: `${bob.who.username} mentioned you in a comment on “Harbour lights”`,
    });
    await entry.waitFor();
    await list.getByText('New').first().waitFor();
    assert.match(
      (await entry.getAttribute('href')) ?? '',
      new RegExp(`^/posts/${created.id}#comment-[0-9a-f-]{36}$`),
    );
    await shoot(a, 'notifications-page');

    await entry.click();
    await a.waitForURL(new RegExp(`/posts/${created.id}#comment-`));
    // The URL changes before the post's lazily loaded page replaces the list (a transition), so wait
    // for the post's heading: until then the two notifications' excerpts also match the text.
    await a.getByRole('heading', { name: 'Harbour lights', level: 1 }).waitFor();
    await a.getByText('more please.', { exact: false }).waitFor();
  });
});
