/**
 * The community, end to end in Chromium: a moderator makes two tags → a creator writes a post with
 * an image, both tags and its provenance → another member likes it and comments → the creator
 * replies → the creator edits the post twice, which then shows "edited ×2" and a history with
 * diffs → the likers list names who liked → a status update gets a reply →
 * search finds the post → the moderator deletes it. Screenshots of every screen at 1280 and 375 px.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { assertFocused, desktop, mobile, shoot } from '../lib/browser.ts';
import { addFiles } from '../lib/flows.ts';
import { useModeratedSite } from '../lib/site.ts';

describe('community', () => {
  const site = useModeratedSite({ members: { creator: 'cleo', reader: 'remi' } });
  let imagePath: string;

  before(async () => {
    imagePath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-img-')), 'lighthouse.png');
    await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2f6db5' } })
      .composite([
        {
          input: Buffer.from(
            '<svg width="900" height="600"><circle cx="450" cy="300" r="200" fill="#f2c14e"/></svg>',
          ),
        },
      ])
      .png()
      .toFile(imagePath);
  });

  it('takes a post from writing to deletion, with tags, media, comments, likes, an edit and search', async () => {
    const { mod, creator, reader } = site;
    // A moderator creates two tags.
    await mod.goto('/tags');
    for (const label of ['Flash fiction', 'Seaside']) {
      await mod.getByRole('button', { name: 'New tag' }).click();
      const dialog = mod.getByRole('dialog');
      await dialog.getByLabel('English label').fill(label);
      await dialog.getByRole('button', { name: 'Create' }).click();
      await mod.getByText('Tag created.').waitFor();
      await dialog.waitFor({ state: 'hidden' });
    }
    await shoot(mod, 'tags');

    // The creator writes a post in Writing with an image, two tags and its provenance.
    const page = creator.page;
    await page.goto('/sections/writing');
    await shoot(page, 'section-empty');
    await page.getByRole('link', { name: 'New post' }).click();
    await page.getByLabel('Title').fill('The lighthouse keeper');
    await page
      .getByLabel('Body (Markdown)')
      .fill('A **short** story about a keeper who counts the waves every night.');
    const tags = page.getByLabel('Tags');
    for (const q of ['flash', 'seas']) {
      await tags.fill(q);
      await page.getByRole('option', { name: q === 'flash' ? 'Flash fiction' : 'Seaside' }).click();
    }
    await page.getByLabel('Human-made').check();
    await page.getByLabel('Tools used (optional)').fill('Fountain pen');
    await addFiles(page, imagePath);
    await shoot(page, 'editor');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('heading', { name: 'The lighthouse keeper' }).waitFor();
    const postUrl = page.url();
    assert.match(postUrl, /\/posts\/[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Open image 1 of 1' }).waitFor();
    await page.getByText('Human-made').first().waitFor();
    await page.getByText('Flash fiction').first().waitFor();
    await page.getByText('Seaside').first().waitFor();
    await shoot(page, 'post');

    // Another member likes it and comments; the creator replies.
    const r = reader.page;
    await r.goto(postUrl);
    // A post's first screen, its comments and their composer draw no MUI component: no style
    // engine runs (the page loads neither MUI nor Emotion; performance.md).
    await r.getByLabel('Add a comment').waitFor();
    assert.equal(await emotionStyles(r), 0, 'the post page ran Emotion');
    await r.getByRole('button', { name: 'Like (0 likes)' }).click();
    await r.getByRole('button', { name: 'Unlike (1 like)' }).waitFor();
    await r.getByLabel('Add a comment').fill('The waves made me dizzy, in a good way.');
    await r.getByRole('button', { name: 'Comment', exact: true }).click();
    await r.getByText('The waves made me dizzy, in a good way.').waitFor();

    await page.reload();
    await page.getByText('The waves made me dizzy, in a good way.').waitFor();
    await page.getByRole('button', { name: `Reply to @${reader.who.username}` }).click();
    await page
      .getByLabel(`Your reply to @${reader.who.username}`)
      .fill('Thank you! He counts them for you too.');
    await page.getByRole('button', { name: 'Reply', exact: true }).click();
    await page.getByText('Thank you! He counts them for you too.').waitFor();
    await page.getByText(`replying to @${reader.who.username}:`).waitFor();
    await page.getByRole('button', { name: 'Like (1 like)' }).first().waitFor();
    await shoot(page, 'post-with-comments');

    // The creator edits the post: it shows "edited".
    await page.getByRole('link', { name: 'Edit' }).first().click();
    await page.getByLabel('Title').fill('The lighthouse keeper (revised)');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { name: 'The lighthouse keeper (revised)' }).waitFor();
    await page.getByText('edited ×1').first().waitFor();

    // A second edit: the post shows "edited ×2", and its history shows both changes as diffs.
    await page.getByRole('link', { name: 'Edit' }).first().click();
    await page
      .getByLabel('Body (Markdown)')
      .fill('A **short** story about a keeper who counts the stars every night.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('edited ×2').first().waitFor();
    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'Version history' });
    await history.getByRole('heading', { name: 'Version 2 — current' }).waitFor();
    await history.getByRole('heading', { name: 'First version' }).waitFor();
    assert.match((await history.locator('del').first().textContent()) ?? '', /waves/);
    assert.match((await history.locator('ins').first().textContent()) ?? '', /stars/);
    await shoot(page, 'post-history');
    await history.getByRole('button', { name: 'Close' }).click();
    await history.waitFor({ state: 'hidden' });

    // Who liked: the count opens the list of likers.
    await page.getByRole('button', { name: '1 like — see who liked' }).first().click();
    const likers = page.getByRole('dialog', { name: 'Who liked' });
    await likers.getByRole('link', { name: reader.who.username }).waitFor();
    await shoot(page, 'who-liked');
    await likers.getByRole('button', { name: 'Close' }).click();
    await likers.waitFor({ state: 'hidden' });

    // A status update with a reply.
    await r.goto('/');
    // The home, its status column and composer included, draws no MUI component either.
    await r.getByLabel('What are you up to?').waitFor();
    assert.equal(await emotionStyles(r), 0, 'the home ran Emotion');
    await r.getByLabel('What are you up to?').fill('Reading sea stories all weekend.');
    await r.getByRole('button', { name: 'Post', exact: true }).click();
    await r.getByText('Reading sea stories all weekend.').waitFor();
    await page.goto('/status-updates');
    const card = page.getByRole('article').filter({ hasText: 'Reading sea stories all weekend.' });
    await card
      .getByRole('button', { name: /replies|reply/i })
      .first()
      .click();
    await card.getByLabel(`Your reply to @${reader.who.username}`).fill('Try the lighthouse one!');
    await card.getByRole('button', { name: 'Reply', exact: true }).click();
    await card.getByText('Try the lighthouse one!').waitFor();
    await shoot(page, 'status-updates');

    // Search finds the post by a word of its edited body.
    await page.getByLabel('Search Atelier').fill('stars');
    await page.getByLabel('Search Atelier').press('Enter');
    await page.waitForURL('**/search?**');
    await page.getByRole('link', { name: 'The lighthouse keeper (revised)' }).first().waitFor();
    await shoot(page, 'search');
    // Stemming and accent folding: "lighthouses" and "LIGHTHOÙSE" find "lighthouse", marked.
    for (const q of ['lighthouses', 'LIGHTHOÙSE']) {
      await page.getByRole('searchbox', { name: 'Search Atelier' }).last().fill(q);
      await page.getByRole('searchbox', { name: 'Search Atelier' }).last().press('Enter');
      await page.waitForURL(`**/search?q=${encodeURIComponent(q)}*`);
      const found = page.getByRole('link', { name: 'The lighthouse keeper (revised)' }).first();
      await found.waitFor();
      await found.locator('mark', { hasText: 'lighthouse' }).waitFor();
    }

    // On a phone the search is a button opening the field over the bar; Escape closes it and
    // gives the focus back to the button.
    await page.setViewportSize(mobile);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await assertFocused(page.getByRole('searchbox', { name: 'Search Atelier' }).first());
    await page.keyboard.press('Escape');
    await assertFocused(page.getByRole('button', { name: 'Search', exact: true }));
    await page.setViewportSize(desktop);

    // The home page and the profile show the new activity.
    await page.goto('/');
    await page.getByRole('link', { name: 'The lighthouse keeper (revised)' }).first().waitFor();
    await shoot(page, 'home');
    await page.getByRole('link', { name: creator.who.username }).first().click();
    await page.waitForURL('**/users/**');
    await page.getByRole('heading', { name: creator.who.username }).waitFor();
    await shoot(page, 'profile');

    // A moderator deletes it.
    await mod.goto(postUrl);
    await mod.getByRole('button', { name: 'Delete' }).first().click();
    await mod.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await mod.waitForURL('**/sections/writing');
    await mod.getByText('The post was deleted.').waitFor();
    await r.goto(postUrl);
    await r.getByText('Post not found').waitFor();
  });
});

/** The style sheets Emotion (MUI's style engine) inserted in the page. */
function emotionStyles(page: Page): Promise<number> {
  return page.evaluate(() => document.querySelectorAll('style[data-emotion]').length);
}
