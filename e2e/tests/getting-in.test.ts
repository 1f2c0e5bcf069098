/**
 * Getting in, end to end in Chromium: register → verification mail → verify → apply → a moderator
 * (from ADMIN_EMAILS) approves → the applicant reaches / without signing out. Plus the guard's
 * redirects, a ban, a translated error, Korean surviving a reload, a verification link opened in
 * another browser shown in the person's language, and a clean console when signed out.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newContext, shoot } from '../lib/browser.ts';
import {
  apply,
  approve,
  moderator,
  newApplicant,
  person,
  refocus,
  register,
  signIn,
  verify,
} from '../lib/flows.ts';
import { waitForLink } from '../lib/mail.ts';
import { useModeratedSite } from '../lib/site.ts';
import en from '../../packages/shared/src/locales/en.json' with { type: 'json' };
import ko from '../../packages/shared/src/locales/ko.json' with { type: 'json' };

describe('getting in', () => {
  const site = useModeratedSite();

  it('takes a new person from registration to the home page', async () => {
    const { server, browser, mod } = site;
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    const applicant = person('ana');

    await page.goto('/');
    await page.waitForURL('**/login');
    await shoot(page, 'login');
    await page.goto('/register');
    await shoot(page, 'register');
    await register(page, applicant);
    await shoot(page, 'register-check-email');

    await verify(page, server.mailDir, applicant);
    await page.waitForURL('**/application');
    await shoot(page, 'application-form');
    await apply(page);
    await shoot(page, 'application-pending');

    await mod.goto('/applications');
    await mod.getByRole('article').filter({ hasText: applicant.username }).waitFor();
    await shoot(mod, 'applications');
    // The avatar menu of a moderator (its header names who is signed in; axe checks the menu).
    await mod.getByRole('button', { name: `Menu of ${moderator.username}` }).click();
    await mod.getByRole('menuitem', { name: 'Mod log' }).waitFor();
    await shoot(mod, 'avatar-menu');
    await mod.keyboard.press('Escape');
    await mod.getByRole('menu').waitFor({ state: 'hidden' });
    await approve(mod, applicant.username);

    await refocus(page);
    await page.waitForURL(`${server.baseUrl}/`);
    await page.getByRole('heading', { name: 'Sections' }).waitFor();
    await shoot(page, 'home');
    await page.goto('/account');
    await page.getByRole('heading', { name: 'Account', exact: true }).waitFor();
    await shoot(page, 'account');
    await context.close();
  });

  it('shows a translated error for a wrong password', async () => {
    const { server, browser } = site;
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await page.goto('/login');
    // The sign-in page's first screen draws no MUI component (its fields are TextInputs, its
    // button and links plain): no style engine runs, and its colours are the theme's (#90caf9
    // primary, #101014 background) through the static sheets' `--at-…` properties.
    const firstScreen = await page.getByRole('button', { name: 'Log in' }).evaluate((button) => ({
      button: getComputedStyle(button).backgroundColor,
      page: getComputedStyle(document.body).backgroundColor,
      emotionStyles: document.querySelectorAll('style[data-emotion]').length,
    }));
    assert.deepEqual(firstScreen, {
      button: 'rgb(144, 202, 249)',
      page: 'rgb(16, 16, 20)',
      emotionStyles: 0,
    });
    // MUI's components, once opened, take the app's theme as their default one without a
    // provider (apps/web/build/mui-theme.ts): the language menu's paper has the theme's 12 px
    // corners and colours, not MUI's defaults (4 px, a light paper).
    await page.getByRole('button', { name: 'Language' }).click();
    const paper = await page.getByRole('menu').evaluate((menu) => {
      const style = getComputedStyle(menu.closest('.MuiPaper-root') ?? menu);
      return { radius: style.borderRadius, text: style.color };
    });
    assert.deepEqual(paper, { radius: '12px', text: 'rgb(255, 255, 255)' });
    await page.keyboard.press('Escape');
    await signIn(page, { ...moderator, password: 'not the password at all' });
    await page.getByText('Wrong e-mail or password').waitFor();
    await shoot(page, 'login-error');
    await context.close();
  });

  it('sends a member who opens /applications to the home page', async () => {
    const { server, browser, mod } = site;
    const { context, page, who: member } = await newApplicant(browser, server, 'ben');
    await approve(mod, member.username);
    await refocus(page);
    await page.waitForURL(`${server.baseUrl}/`);
    await page.goto('/applications');
    await page.waitForURL(`${server.baseUrl}/`);
    assert.equal(new URL(page.url()).pathname, '/');
    await context.close();
  });

  it('shows a banned user /banned with the reason', async () => {
    const { server, browser, mod } = site;
    const { context, page, who: troll } = await newApplicant(browser, server, 'cal');

    await mod.goto('/applications');
    const card = mod.getByRole('article').filter({ hasText: troll.username });
    await card.getByRole('button', { name: 'Ban' }).click();
    const dialog = mod.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('Spam links in every answer');
    await dialog.getByRole('button', { name: 'Ban' }).click();
    await mod.getByText('User banned').waitFor();

    await refocus(page);
    await page.waitForURL('**/banned');
    await page.getByText('Spam links in every answer').waitFor();
    await shoot(page, 'banned');
    await page.goto('/');
    await page.waitForURL('**/banned');
    await context.close();
  });

  it('switches to Korean and keeps it after a reload', async () => {
    const { server, browser } = site;
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: '한국어' }).click();
    await page.getByRole('button', { name: '로그인' }).waitFor();
    assert.equal(await page.getAttribute('html', 'lang'), 'ko');
    await page.reload();
    await page.getByRole('button', { name: '로그인' }).waitFor();
    assert.equal(await page.getAttribute('html', 'lang'), 'ko');
    await shoot(page, 'login-ko');
    await context.close();
  });

  it('says so when a language cannot be downloaded, and stays in its own', async () => {
    const { server, browser } = site;
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    // Offline for the French messages only (their chunk is loaded when French is chosen).
    await page.route(/\/assets\/fr-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: 'Français' }).click();
    await page.getByRole('alert').filter({ hasText: en.errors.network }).waitFor();
    assert.equal(await page.getAttribute('html', 'lang'), 'en');
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await shoot(page, 'language-offline');
    await context.close();
  });

  it('shows the verification success in the language chosen at registration', async () => {
    const { server, browser } = site;
    const who = person('kim');
    const registering = await newContext(browser, server.baseUrl);
    const page = await registering.newPage();
    await page.goto('/register');
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: '한국어' }).click();
    await page.getByLabel(ko.fields.username).fill(who.username);
    await page.getByLabel(ko.fields.email).fill(who.email);
    await page.getByLabel(ko.fields.password, { exact: true }).fill(who.password);
    await page.getByRole('button', { name: ko.register.submit }).click();
    await page.getByRole('heading', { name: ko.register.checkTitle }).waitFor();
    await registering.close();

    // The link opened in another browser (English, nothing saved): the page follows the account.
    const other = await newContext(browser, server.baseUrl, 'en-US');
    const mailClient = await other.newPage();
    await mailClient.goto(await waitForLink(server.mailDir, who.email, 'verifyEmail'));
    await mailClient.getByText(ko.auth.verified).waitFor();
    assert.equal(await mailClient.getAttribute('html', 'lang'), 'ko');
    await shoot(mailClient, 'verified-ko');
    await mailClient.getByRole('button', { name: ko.auth.continue }).click();
    await mailClient.waitForURL('**/application');
    await other.close();
  });

  it('loads /login and / signed out without a failed request or a console error', async () => {
    const { server, browser } = site;
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });
    for (const path of ['/login', '/']) {
      const session = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/session');
      await page.goto(path);
      assert.equal((await session).status(), 200);
      await page.waitForURL('**/login');
      await page.getByRole('button', { name: 'Log in' }).waitFor();
    }
    assert.deepEqual(problems, []);
    await context.close();
  });
});
