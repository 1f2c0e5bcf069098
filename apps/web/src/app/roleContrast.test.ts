/**
 * Role colours are used as text (names, role labels): each reaches WCAG AA (≥ 4.5:1) against the
 * theme's page, card and raised backgrounds (issue 11: advanced-faker, rejected and banned did not).
 */
import { describe, expect, it } from 'vitest';
import { getContrastRatio } from '@mui/material/styles';
import { roleIds, roles } from '@atelier/shared';
import { theme } from './appTheme.ts';

describe('role colours', () => {
  const backgrounds = {
    default: theme.palette.background.default,
    paper: theme.palette.background.paper,
    // A raised surface (dark-mode paper with MUI's elevation overlay) as axe-core measured it
    // behind a role label in the moderator panel.
    raised: '#2a2a2f',
  };
  it.each([...roleIds])('%s reaches 4.5:1 as text on every background', (id) => {
    for (const [name, bg] of Object.entries(backgrounds)) {
      const ratio = getContrastRatio(roles[id].color, bg);
      expect(ratio, `${id} on ${name} (${bg}): ${ratio.toFixed(2)}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
