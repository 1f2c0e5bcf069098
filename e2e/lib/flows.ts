/** The steps a person takes, written once and reused by the tests. */
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { newContext } from './browser.ts';
import { waitForLink } from './mail.ts';
import type { RunningServer } from './server.ts';

export interface Person {
  username: string;
  email: string;
  password: string;
}

let counter = 0;
export function person(prefix: string): Person {
  counter += 1;
  const id = `${prefix}${counter}${Date.now().toString(36).slice(-4)}`;
  return { username: id, email: `${id}@example.com`, password: 'correct horse battery staple' };
}

export async function register(page: Page, p: Person): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Username').fill(p.username);
  await page.getByLabel('E-mail').fill(p.email);
  await page.getByLabel('Password', { exact: true }).fill(p.password);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
}

/** Opens the verification link from the mail, as the person would from their mail client. */
export async function verify(page: Page, mailDir: string, p: Person): Promise<void> {
  const link = await waitForLink(mailDir, p.email, 'verifyEmail');
  await page.goto(link);
  await page.getByText('Your e-mail address is verified').waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
}

export async function signIn(page: Page, p: Person): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(p.email);
  await page.getByLabel('Password', { exact: true }).fill(p.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export async function apply(page: Page): Promise<void> {
  await page.waitForURL('**/application');
  await page.getByLabel('Writer').check();
  await page.getByLabel('About you').fill('I write short fiction and parody news.');
  await page.getByLabel('Why do you want to join?').fill('To share drafts and get feedback.');
  await page.getByRole('button', { name: 'Submit application' }).click();
  await page.getByText('Your application is being reviewed').waitFor();
}

/**
 * A moderator approves the pending application of `username`, with `role` (the label of the
 * approve dialog's option) or the default role.
 */
export async function approve(page: Page, username: string, role?: string): Promise<void> {
  await page.goto('/applications');
  const card = page.getByRole('article').filter({ hasText: username });
  await card.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog');
  if (role) {
    await dialog.getByRole('combobox', { name: 'Role to grant' }).click();
    await page.getByRole('option', { name: role }).click();
  }
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await page.getByText('Application approved').waitFor();
}

/** The moderator every browser test starts its server with (`ADMIN_EMAILS`). */
export const moderator: Person = {
  username: 'Moderator',
  email: 'mod@example.com',
  password: 'correct horse battery staple',
};

/** The moderator registers and verifies in a context of their own; ends on the home page. */
export async function newModerator(browser: Browser, server: RunningServer): Promise<Page> {
  const page = await (await newContext(browser, server.baseUrl)).newPage();
  await register(page, moderator);
  await verify(page, server.mailDir, moderator);
  await page.waitForURL(`${server.baseUrl}/`);
  return page;
}

export interface Applicant {
  context: BrowserContext;
  page: Page;
  who: Person;
}

/**
 * A new person in a browser context of their own registers, verifies and applies; ends on the
 * pending application.
 */
export async function newApplicant(
  browser: Browser,
  server: RunningServer,
  prefix: string,
): Promise<Applicant> {
  const context = await newContext(browser, server.baseUrl);
  const page = await context.newPage();
  const who = person(prefix);
  await register(page, who);
  await verify(page, server.mailDir, who);
  await apply(page);
  return { context, page, who };
}

export interface Member {
  page: Page;
  who: Person;
  /** The user id. */
  id: string;
}

/**
 * A new person in a browser context of their own registers, verifies, applies and is approved by
 * `mod` (with `role`, or the default); ends on the home page with no notification.
 */
export async function newMember(
  browser: Browser,
  server: RunningServer,
  mod: Page,
  prefix: string,
  role?: string,
): Promise<Member> {
  const { page, who } = await newApplicant(browser, server, prefix);
  await approve(mod, who.username, role);
  await page.goto('/');
  await page.getByRole('heading', { name: 'Status updates' }).waitFor();
  const id = await page.evaluate(
    async () => ((await (await fetch('/api/me')).json()) as { id: string }).id,
  );
  // The approval is also a notification (applicationApproved): once it is there, dismiss it, so
  // every member starts with an empty bell.
  await page.evaluate(async () => {
    for (let i = 0; i < 100; i += 1) {
      const list = (await (await fetch('/api/notifications')).json()) as { type: string }[];
      if (list.some((n) => n.type === 'applicationApproved')) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await fetch('/api/notifications/dismiss-all', { method: 'POST' });
  });
  return { page, who, id };
}

/** What the tab does when the person comes back to it. */
export async function refocus(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

/** In the post editor: adds `files` with "Add files", then waits until they are uploaded. */
export async function addFiles(page: Page, files: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add files' }).click();
  await (await chooser).setFiles(files);
  await page
    .getByRole('button', { name: 'Publish' })
    .and(page.locator(':not([disabled])'))
    .waitFor();
}

/**
 * On the mod log: once the first of `actions` shows, the entries name each of them, newest first
 * in this order. Returns the list of entries.
 */
export async function expectModLog(page: Page, actions: string[]): Promise<Locator> {
  const entries = page.getByRole('list', { name: 'Mod log entries' });
  await entries.getByText(actions[0]!).waitFor();
  const texts = await entries.getByRole('listitem').allInnerTexts();
  const order = actions.map((action) => texts.findIndex((text) => text.includes(action)));
  assert.ok(
    order.every((i) => i >= 0),
    `missing actions in ${JSON.stringify(texts)}`,
  );
  assert.deepEqual(
    [...order].sort((x, y) => x - y),
    order,
  );
  return entries;
}
