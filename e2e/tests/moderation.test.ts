/**
 * Reports and moderation, end to end in Chromium with three people at once: a member reports a
 * post → a moderator removes it from /reports with a reason → its author, signed in in another
 * browser, sees the postRemoval notification arrive live in the bell → the member reports the
 * author's profile → the moderator bans the author from /reports → the author's open tab goes to
 * /banned with the reason; a note the moderator wrote on the author's profile shows beside the
 * report about them, and the mod log lists the removal, the note and the ban. Screenshots of the report dialog and of /reports at 1280 and 375 px.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { shoot } from '../lib/browser.ts';
import { expectModLog } from '../lib/flows.ts';
import { useModeratedSite } from '../lib/site.ts';

describe('moderation', () => {
  const site = useModeratedSite({ members: { author: 'ava', reporter: 'rex' } });

  it('reports a post, removes it with a reason (live notification), then bans its author (live /banned)', async () => {
    const { mod, author, reporter } = site;
    // The author publishes a post in General.
    const a = author.page;
    await a.goto('/sections/general');
    await a.getByRole('link', { name: 'New post' }).click();
    await a.getByLabel('Title').fill('Cheap followers here');
    await a.getByLabel('Body (Markdown)').fill('Click my link for **10,000** followers.');
    await a.getByLabel('Human-made').check();
    await a.getByRole('button', { name: 'Publish' }).click();
    await a.getByRole('heading', { name: 'Cheap followers here' }).waitFor();
    const postUrl = a.url();
    // No Report button on one's own post.
    assert.equal(await a.getByRole('button', { name: 'Report this post' }).count(), 0);
    await a.goto('/');
    await a.getByRole('button', { name: 'Notifications (0)' }).waitFor();

    // A member reports it: a reason, then details, then the thanks.
    const r = reporter.page;
    await r.goto(postUrl);
    await r.getByRole('button', { name: 'Report this post' }).click();
    const dialog = r.getByRole('dialog', { name: 'Report this post' });
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByText('Choose a reason.').waitFor();
    await dialog.getByLabel('Other').check();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByText('Say what the reason is.').waitFor();
    await dialog.getByLabel('Spam').check();
    await shoot(r, 'report-dialog');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog
      .getByLabel('Details for the moderators (optional)')
      .fill('Same link in every section.');
    await shoot(r, 'report-dialog-details');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await r.getByText('Thanks, moderators will look at it').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The moderator sees it in /reports and removes the post with a reason of their own.
    await mod.goto('/reports');
    const card = mod.getByRole('article', { name: 'Cheap followers here' });
    await card.getByText('1 report').waitFor();
    await card.getByText('Same link in every section.').waitFor();
    await card.getByText(reporter.who.username).waitFor();
    await shoot(mod, 'reports');
    await card.getByRole('button', { name: 'Remove post' }).click();
    const remove = mod.getByRole('dialog', { name: 'Remove this post' });
    await remove.getByLabel('Other').check();
    await remove.getByRole('button', { name: 'Remove' }).click();
    await remove.getByText('Say what the reason is.').waitFor();
    await remove.getByLabel('The reason, in your words').fill('Selling followers is not allowed');
    await shoot(mod, 'reports-remove-dialog');
    await remove.getByRole('button', { name: 'Remove' }).click();
    await mod.getByText('Removed. The reports are resolved.').waitFor();
    await card.waitFor({ state: 'detached' });
    await mod.getByText('No open reports. All clear!').waitFor();

    // The author, on another browser, gets the notification live.
    await a.getByRole('button', { name: 'Notifications (1)' }).click();
    await a
      .getByText('Your post “Cheap followers here” was removed: Selling followers is not allowed')
      .waitFor();
    await a.getByText('Please read the community rules before posting again.').waitFor();
    await a.keyboard.press('Escape');

    // The moderator writes a note on the author's profile.
    await mod.goto(`/users/${author.id}`);
    const panel = mod.getByRole('region', { name: 'Moderation' });
    await panel.getByLabel('New note').fill('Second spam warning sent by e-mail.');
    await panel.getByRole('button', { name: 'Add note' }).click();
    await mod.getByText('Note added.').waitFor();

    // The reporter reports the author's profile; the moderator bans the author from /reports.
    await r.goto(postUrl);
    await r.getByText('Post not found').waitFor();
    await r.goto(`/users/${author.id}`);
    await r.getByRole('button', { name: `Report ${author.who.username}` }).click();
    const profileDialog = r.getByRole('dialog', { name: 'Report this user' });
    await profileDialog.getByLabel('Harassment').check();
    await profileDialog.getByRole('button', { name: 'Next' }).click();
    await profileDialog.getByRole('button', { name: 'Send report' }).click();
    await r.getByText('Thanks, moderators will look at it').waitFor();

    await mod.goto('/reports');
    const userCard = mod.getByRole('article', { name: author.who.username });
    await userCard.getByText('Harassment', { exact: false }).first().waitFor();
    // The earlier removal shows among the author's earlier moderator actions, the note beside it.
    await userCard.getByText('Post removed — Other').waitFor();
    await userCard.getByText('Second spam warning sent by e-mail.').waitFor();
    await userCard.getByRole('button', { name: 'Ban author' }).click();
    const ban = mod.getByRole('dialog', { name: `Ban ${author.who.username}?` });
    await ban.getByLabel('Reason shown to them').fill('Spam account');
    await ban.getByRole('button', { name: 'Ban' }).click();
    await mod.getByText(`${author.who.username} is banned`).waitFor();
    await mod.getByText('No open reports. All clear!').waitFor();
    // Every context of this Chromium has the same fingerprint: the reporter's account now shares a
    // visitor id with a banned user, and /reports says so.
    await mod.reload();
    const flagged = mod.getByTestId('ban-evasion').filter({ hasText: reporter.who.username });
    await flagged.getByText(`Same browser as the banned user: ${author.who.username}`).waitFor();
    await flagged.getByText('Ban reason: Spam account').waitFor();
    await shoot(mod, 'reports-empty');

    // The author's open tab goes to /banned with the reason, without reloading.
    await a.waitForURL('**/banned');
    await a.getByRole('heading', { name: 'You are banned' }).waitFor();
    await a.getByText('Spam account').waitFor();

    // The mod log lists the three actions, newest first.
    await mod.goto('/mod-log');
    await expectModLog(mod, ['User banned', 'Note added', 'Post removed']);
  });
});
