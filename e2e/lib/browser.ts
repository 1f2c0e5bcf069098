/** Debian's Chromium driven by playwright-core, with screenshots kept as CI artifacts. */
import fs from 'node:fs';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from 'playwright-core';
import { checkA11y } from './axe.ts';
import { repoRoot } from './server.ts';

export const screenshotDir = path.join(repoRoot, 'test-results/screenshots');

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

export const desktop = { width: 1280, height: 800 };
export const mobile = { width: 375, height: 740 };

export async function newContext(
  browser: Browser,
  baseURL: string,
  locale = 'en-US',
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: desktop, locale });
  context.setDefaultTimeout(15_000);
  return context;
}

/**
 * Screenshots the page at 1280 and at 375 px wide, then restores the desktop size; at each width
 * axe-core checks the page (no serious or critical violation, `checkA11y`).
 */
export async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.setViewportSize(desktop);
  await page.screenshot({ path: path.join(screenshotDir, `${name}-1280.png`), fullPage: true });
  await checkA11y(page, `${name} at 1280 px`);
  await page.setViewportSize(mobile);
  await page.screenshot({ path: path.join(screenshotDir, `${name}-375.png`), fullPage: true });
  await checkA11y(page, `${name} at 375 px`);
  await page.setViewportSize(desktop);
}

export interface SocketWatch {
  /** How many Socket.IO WebSockets the page has opened so far. */
  count(): number;
  /** Resolves once the page has opened more than `seen` of them (fails after `timeoutMs`). */
  opened(seen?: number, timeoutMs?: number): Promise<void>;
}

/**
 * Counts the Socket.IO WebSockets a page opens, from now on. Start it before the navigation that
 * may open one: a socket that upgrades before a listener is attached is never reported again.
 */
export function watchSockets(page: Page): SocketWatch {
  let count = 0;
  const waiters = new Set<() => void>();
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/socket.io/')) return;
    count += 1;
    for (const wake of waiters) wake();
  });
  return {
    count: () => count,
    opened(seen = 0, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no new live socket within ${timeoutMs} ms (${count} opened)`));
        }, timeoutMs);
        function check() {
          if (count <= seen) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        }
        waiters.add(check);
        check();
      });
    },
  };
}

/** Waits until the element holds the keyboard focus (fails after the page's default timeout). */
export async function assertFocused(locator: Locator): Promise<void> {
  const element = await locator.elementHandle();
  await locator.page().waitForFunction((el) => el === document.activeElement, element);
}
