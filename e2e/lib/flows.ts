/** The steps a person takes, written once and reused by the tests. */
import type { Page } from 'playwright-core';
import { waitForLink } from './mail.ts';

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

/** A moderator approves the pending application of `username` with the default role. */
export async function approve(page: Page, username: string): Promise<void> {
  await page.goto('/applications');
  const card = page.getByRole('article').filter({ hasText: username });
  await card.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await page.getByText('Application approved').waitFor();
}

/** What the tab does when the person comes back to it. */
export async function refocus(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new Event('visibilitychange'));
  });
}
