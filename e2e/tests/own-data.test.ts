/**
 * One's own data in Chromium: a member with a post downloads "Export my data" from /account and
 * the ZIP opens with the post and its image inside; then asks for the deletion of the account
 * (password, keep the content), is signed out, signs in again during the grace period and cancels.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { shoot } from '../lib/browser.ts';
import { signIn } from '../lib/flows.ts';
import { useModeratedSite } from '../lib/site.ts';

describe('own data', () => {
  const site = useModeratedSite({ members: { member: 'ines' } });

  it('downloads the export ZIP with the posts and media, then schedules and cancels a deletion', async () => {
    const { server, member } = site;
    const page = member.page;
    // A post with an image, written through the API as the editor would.
    const image = await sharp({
      create: { width: 120, height: 80, channels: 3, background: '#3a7d44' },
    })
      .png()
      .toBuffer();
    const uploaded = await page.request.post('/api/media', {
      headers: { origin: server.baseUrl },
      multipart: { file: { name: 'garden.png', mimeType: 'image/png', buffer: image } },
    });
    assert.equal(uploaded.status(), 201);
    const mediaId = ((await uploaded.json()) as { id: string }).id;
    const created = await page.request.post('/api/posts', {
      headers: { origin: server.baseUrl },
      data: {
        section: 'general',
        title: 'A garden in winter',
        body: 'Frost on the **kale**.',
        provenance: 'human',
        media: [mediaId],
      },
    });
    assert.equal(created.status(), 201);

    await page.goto('/account');
    await page.getByRole('heading', { name: 'Your data' }).waitFor();
    await shoot(page, 'account-data');
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export my data' }).click();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-export-')), 'x.zip');
    await (await download).saveAs(file);
    const zip = unzipSync(new Uint8Array(fs.readFileSync(file)));
    const posts = JSON.parse(strFromU8(zip['posts.json'] ?? new Uint8Array())) as {
      title: string;
      media: { file: string }[];
    }[];
    assert.equal(posts.length, 1);
    assert.equal(posts[0]?.title, 'A garden in winter');
    const mediaFile = posts[0]?.media[0]?.file ?? '';
    assert.ok(zip[mediaFile], `the ZIP holds ${mediaFile}`);
    const meta = await sharp(Buffer.from(zip[mediaFile] ?? new Uint8Array())).metadata();
    assert.equal(meta.width, 120);
    const profile = JSON.parse(strFromU8(zip['profile.json'] ?? new Uint8Array())) as {
      username: string;
    };
    assert.equal(profile.username, member.who.username);

    // Deletion: a wrong password is refused on its field.
    const form = page.getByRole('form', { name: 'Delete my account' });
    await form.getByLabel('Keep them, shown as written by "[deleted user]"').check();
    const password = form.getByLabel('Password', { exact: true });
    await password.fill('not my password at all');
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await form.getByText('The password is wrong.').waitFor();
    await password.fill(member.who.password);
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL('**/login');
    await page
      .getByText(/Your account will be deleted on .*Sign in before then to cancel\./)
      .waitFor();

    // Signing in during the grace period offers to cancel.
    await signIn(page, member.who);
    const banner = page.getByRole('region', { name: 'Account deletion' });
    await banner.getByText(/Your account will be deleted on/).waitFor();
    await shoot(page, 'deletion-banner');
    await banner.getByRole('button', { name: 'Cancel deletion' }).click();
    await banner.waitFor({ state: 'detached' });
    const me = (await (await page.request.get('/api/me')).json()) as {
      deletionScheduledTimestamp: string | null;
    };
    assert.equal(me.deletionScheduledTimestamp, null);
  });
});
