/**
 * Creators' credits in Chromium (issue 11, item 8): B credits A's post as a translation in the
 * post editor (pasting its link); A's bell rings with "… translated your post …" and A's post lists
 * the translation. Then a series of three parts: part 2 says "part 2 of 3" and its Next link opens
 * part 3. Screenshots of the post with its credits, the source with its derivative, the series.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { shoot } from '../lib/browser.ts';
import type { RunningServer } from '../lib/server.ts';
import { useModeratedSite } from '../lib/site.ts';

async function newPost(page: Page, server: RunningServer, title: string, body = 'Words.') {
  const res = await page.request.post('/api/posts', {
    headers: { origin: server.baseUrl },
    data: { section: 'general', title, body, provenance: 'human' },
  });
  assert.equal(res.status(), 201);
  return ((await res.json()) as { id: string }).id;
}

describe('creators’ credits', () => {
  const site = useModeratedSite({ members: { ana: 'ana', bo: 'bo' } });

  it('a translation credit notifies the source’s author, whose post lists the derivative', async () => {
    const { server, ana, bo } = site;
    const source = await newPost(ana.page, server, 'Haïkus du métro', 'Sept syllabes, un quai.');
    const translation = await newPost(
      bo.page,
      server,
      'Subway haiku',
      'Seven syllables, a platform.',
    );

    await ana.page.goto('/');
    await ana.page.getByRole('button', { name: 'Notifications (0)' }).waitFor();

    // B edits their post: pastes the link of A's post, keeps the kind "Translation", saves.
    const b = bo.page;
    await b.goto(`/posts/${translation}?edit=1`);
    const find = b.getByRole('combobox', { name: 'Search posts or paste a post link' });
    await find.fill(`${server.baseUrl}/posts/${source}`);
    await b.getByRole('option', { name: /Haïkus du métro/ }).click();
    await b
      .getByRole('list', { name: 'Credits' })
      .getByText('Haïkus du métro', { exact: true })
      .waitFor();
    await b.getByRole('button', { name: 'Save' }).click();
    await b.waitForURL(`**/posts/${translation}`);
    await b.getByText('Translation of').waitFor();
    await b.getByRole('link', { name: 'Haïkus du métro' }).waitFor();
    await shoot(b, 'credits-post');

    // A's bell rings, live, with the translated text; the entry opens B's post.
    const a = ana.page;
    await a.getByRole('button', { name: 'Notifications (1)' }).click();
    const entry = a.getByText(`${bo.who.username} translated your post “Haïkus du métro”`);
    await entry.waitFor();
    await entry.click();
    await a.waitForURL(`**/posts/${translation}`);

    // The source lists its derivative.
    await a.goto(`/posts/${source}`);
    const translations = a.getByRole('region', { name: 'Translation (1)' });
    await translations.getByRole('link', { name: 'Subway haiku' }).waitFor();
    assert.equal(await translations.getByTestId('post-card').count(), 1);
    await shoot(a, 'credits-source');
  });

  it('a series gives part N of M with previous and next', async () => {
    const { server, bo } = site;
    const b = bo.page;
    const created = await b.request.post('/api/series', {
      headers: { origin: server.baseUrl },
      data: { title: 'Night trains', description: 'Three stops.' },
    });
    assert.equal(created.status(), 201);
    const seriesId = ((await created.json()) as { id: string }).id;
    const parts: string[] = [];
    for (const title of ['Departure', 'Midnight', 'Arrival']) {
      const id = await newPost(b, server, title);
      const placed = await b.request.put(`/api/posts/${id}/series`, {
        headers: { origin: server.baseUrl },
        data: { seriesId },
      });
      assert.equal(placed.status(), 200);
      parts.push(id);
    }

    await b.goto(`/posts/${parts[1]}`);
    const nav = b.getByRole('navigation', { name: /Series: Night trains/ });
    await nav.getByText('part 2 of 3').waitFor();
    await nav.getByRole('link', { name: 'Previous part: Departure' }).waitFor();
    await shoot(b, 'credits-series-post');
    await nav.getByRole('link', { name: 'Next part: Arrival' }).click();
    await b.waitForURL(`**/posts/${parts[2]}`);
    await b.getByRole('heading', { name: 'Arrival', level: 1 }).waitFor();
    await b
      .getByRole('navigation', { name: /Series: Night trains/ })
      .getByText('part 3 of 3')
      .waitFor();

    await b.getByRole('link', { name: 'Night trains' }).click();
    await b.waitForURL(`**/series/${seriesId}`);
    // The post page has its own "Chapters" list; wait for the series page before reading it.
    await b.getByRole('heading', { name: 'Night trains', level: 1 }).waitFor();
    const chapters = b.getByRole('list', { name: 'Chapters' });
    await chapters.getByTestId('post-card').nth(2).waitFor();
    assert.equal(await chapters.getByTestId('post-card').count(), 3);
    await shoot(b, 'credits-series');
  });
});
