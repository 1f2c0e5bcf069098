/**
 * axe-core on the page as it is now: fails on any serious or critical violation, naming the rule,
 * the elements (selectors) and the help page of each. Every rule runs; the app is fixed, never the
 * rule set.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const failing = new Set(['serious', 'critical']);

/** Checks the current page with axe-core; throws with a readable list of the failing rules. */
export async function checkA11y(page: Page, name: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const found = results.violations.filter((v) => v.impact && failing.has(v.impact));
  if (found.length === 0) return;
  const lines = found.flatMap((v) => [
    `${v.impact}: ${v.id}: ${v.help} (${v.helpUrl})`,
    ...v.nodes.map(
      (n) =>
        `    at ${n.target.join(' ')} ${n.html.slice(0, 200)}\n      ${n.failureSummary ?? ''}`,
    ),
  ]);
  throw new Error(`axe-core on "${name}" (${page.url()}):\n${lines.join('\n')}`);
}
