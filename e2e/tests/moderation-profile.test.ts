/**
 * Moderation from a profile, end to end in Chromium: a probation creator asks for promotion with
 * two of their posts → the moderator sees the request on /applications and approves it → the
 * moderator writes a note on a member's profile, bans them (their tab goes to /banned) and unbans
 * them → the mod log lists those actions, and filters them. Screenshots at 1280 and 375 px of the
 * profile's moderator panel, /applications with a promotion request, and /mod-log.
 */
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { shoot } from '../lib/browser.ts';
import { expectModLog, refocus, newMember, moderator } from '../lib/flows.ts';
import { useModeratedSite } from '../lib/site.ts';

async function post(page: Page, title: string): Promise<string> {
  return page.evaluate(async (t) => {
    const res = await fetch('/api/posts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        section: 'general',
        title: t,
        body: `About ${t}.`,
        provenance: 'human',
      }),
    });
    if (res.status !== 201) throw new Error(`post failed: ${res.status}`);
    return ((await res.json()) as { id: string }).id;
  }, title);
}

describe('moderation from a profile', () => {
  const site = useModeratedSite();

  it('promotes a creator, notes, bans and unbans a member, and logs it all', async () => {
    const { server, browser, mod } = site;
    const creator = await newMember(browser, server, mod, 'cleo');
    const member = await newMember(browser, server, mod, 'mina', 'Member');

    // The probation creator asks for promotion from their profile with two posts.
    await post(creator.page, 'The lighthouse keeper');
    await post(creator.page, 'Salt and static');
    await creator.page.goto(`/users/${creator.id}`);
    const promotion = creator.page.getByRole('region', { name: 'Promotion' });
    await promotion.getByRole('checkbox', { name: 'The lighthouse keeper' }).check();
    await promotion.getByRole('checkbox', { name: 'Salt and static' }).check();
    await promotion.getByText('2 of 5 chosen').waitFor();
    await promotion.getByLabel('Message to the moderators (optional)').fill('My two best stories.');
    await shoot(creator.page, 'profile-promotion-request');
    await promotion.getByRole('button', { name: 'Ask for promotion' }).click();
    await promotion.getByText('Your promotion request is waiting for a moderator.').waitFor();

    // The moderator sees it beside the applications, with notes, and approves it.
    await mod.goto('/applications');
    await mod.getByRole('tab', { name: 'Promotions (1)' }).click();
    const request = mod.getByRole('article').filter({ hasText: creator.who.username });
    await request.getByRole('link', { name: 'The lighthouse keeper' }).waitFor();
    await request.getByText('My two best stories.').waitFor();
    await mod.waitForTimeout(500); // the tab indicator's slide
    await shoot(mod, 'applications-promotion');
    await request.getByRole('button', { name: 'Approve' }).click();
    const approveDialog = mod.getByRole('dialog');
    await approveDialog
      .getByLabel('Note for the creator (optional)')
      .fill('Welcome among the advanced writers.');
    await approveDialog.getByRole('button', { name: 'Approve' }).click();
    await mod.getByText('Promotion approved.').waitFor();
    await mod.getByText('No pending promotion request.').waitFor();

    // The creator's profile shows the outcome and the new role.
    await creator.page.goto(`/users/${creator.id}`);
    await creator.page.getByText('Your promotion request was approved.').waitFor();
    await creator.page.getByText('Moderator’s note: Welcome among the advanced writers.').waitFor();
    await creator.page
      .getByRole('region', { name: creator.who.username })
      .getByText('Advanced writer')
      .waitFor();

    // On the member's profile: a note.
    await mod.goto(`/users/${member.id}`);
    const panel = mod.getByRole('region', { name: 'Moderation' });
    await panel.getByLabel('New note').fill('Warned in DMs about off-topic posts.');
    await panel.getByRole('button', { name: 'Add note' }).click();
    await panel
      .getByRole('listitem')
      .filter({ hasText: 'Warned in DMs about off-topic posts.' })
      .waitFor();
    await mod.getByText('Note added.').waitFor();
    await panel.getByRole('checkbox', { name: 'Member' }).waitFor();
    await shoot(mod, 'profile-moderator-panel');

    // Ban with a reason: the member's open tab goes to /banned at once.
    await member.page.goto(`/users/${member.id}`);
    await panel.getByRole('button', { name: 'Ban…' }).click();
    const banDialog = mod.getByRole('dialog');
    await banDialog.getByLabel('Reason').fill('Harassment in comments');
    await banDialog.getByRole('button', { name: 'Ban' }).click();
    await panel.getByText('Banned: Harassment in comments').waitFor();
    await member.page.waitForURL('**/banned');
    await member.page.getByText('Harassment in comments').waitFor();

    // Unban after a confirmation: the member leaves /banned.
    await panel.getByRole('button', { name: 'Unban' }).click();
    await mod.getByRole('dialog').getByRole('button', { name: 'Unban' }).click();
    await panel.getByRole('button', { name: 'Ban…' }).waitFor();
    // A banned session's socket is refused, so the unban reaches the tab when it refetches its
    // user: on focus (as here, when the person comes back to it) or within a minute.
    await refocus(member.page);
    await member.page.waitForURL((url) => !url.pathname.startsWith('/banned'));

    // The mod log, from the avatar menu, lists the actions; a filter narrows it.
    await mod.getByRole('button', { name: `Menu of ${moderator.username}` }).click();
    await mod.getByRole('menuitem', { name: 'Mod log' }).click();
    await mod.waitForURL('**/mod-log');
    const entries = await expectModLog(mod, [
      'User unbanned',
      'User banned',
      'Note added',
      'Promotion approved',
    ]);
    await entries.getByText('Reason: Harassment in comments').waitFor();
    await shoot(mod, 'mod-log');

    await mod.getByLabel('User (name or id)').fill(member.who.username);
    await mod.getByRole('button', { name: 'Apply filters' }).click();
    await mod.waitForURL(/subject=/);
    await entries.getByText('Note added').waitFor();
    await mod.getByText('Promotion approved').waitFor({ state: 'detached' });

    // A member is sent away from /mod-log.
    await member.page.goto('/mod-log');
    await member.page.waitForURL((url) => url.pathname === '/');
  });
});
