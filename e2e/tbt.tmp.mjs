import { chromium } from 'playwright-core';
const [base, readyJson, which, runs] = process.argv.slice(2);
const ready = JSON.parse(readyJson);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, locale: 'en-US' });
const page = await ctx.newPage();
if (which !== 'login') {
  await page.goto(base + '/login');
  await page.getByLabel(/e-?mail/i).fill(ready.email);
  await page.getByLabel(/password/i).first().fill(ready.password);
  await page.getByRole('button', { name: /sign in|log in|로그인/i }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}
const target = which === 'home' ? '/' : which === 'login' ? '/login' : `/posts/${ready.postId}`;
await page.addInitScript(() => {
  window.__lt = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lt.push(e.duration); }).observe({ type: 'longtask', buffered: true });
});
const cdp = await ctx.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
const out = [];
for (let i = 0; i < Number(runs); i++) {
  await page.goto('about:blank');
  await page.goto(base + target);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  const lt = await page.evaluate(() => window.__lt);
  const lcp = await page.evaluate(() => new Promise((r) => new PerformanceObserver((l) => { const e = l.getEntries(); r(e[e.length - 1].startTime); }).observe({ type: 'largest-contentful-paint', buffered: true })));
  out.push({ tbt: Math.round(lt.reduce((s, d) => s + Math.max(0, d - 50), 0)), busy: Math.round(lt.reduce((s, d) => s + d, 0)), lcp: Math.round(lcp) });
}
console.log(which, JSON.stringify(out));
await browser.close();
