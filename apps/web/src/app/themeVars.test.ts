/**
 * The static style sheets (*.module.css) take the theme's values from `--at-…` properties: each
 * one they use must be defined by themeVars (or by the sheet itself), and carry the theme's value.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTheme } from '@mui/material/styles';
import { theme } from './appTheme.ts';
import { contentWidth } from './theme.ts';
import { themeVars } from './themeVars.ts';

const src = path.resolve(__dirname, '..');

function sheets(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sheets(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
}

describe('themeVars', () => {
  const vars = themeVars(theme);

  it('defines every --at- property a style sheet uses', () => {
    const files = sheets(src);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      const declared = new Set([...text.matchAll(/(--[\w-]+)\s*:/g)].map((m) => m[1]));
      for (const [, name = ''] of text.matchAll(/var\((--at-[\w-]+)\)/g)) {
        expect
          .soft(name in vars || declared.has(name), `${path.basename(file)}: ${name}`)
          .toBe(true);
      }
    }
  });

  it('carries the theme values', () => {
    expect(vars['--at-text-secondary']).toBe(theme.palette.text.secondary);
    expect(vars['--at-paper']).toBe(theme.palette.background.paper);
    expect(vars['--at-radius']).toBe(`${String(theme.shape.borderRadius)}px`);
    expect(vars['--at-body2-font']).toBe(
      `400 0.875rem/1.43 ${String(theme.typography.fontFamily)}`,
    );
    expect(vars['--at-secondary-hover']).toBe('rgba(206, 147, 216, 0.08)');
    expect(vars['--at-content-width']).toBe(contentWidth);
    expect(vars['--at-error']).toBe(theme.palette.error.main);
    expect(vars['--at-shadow-2']).toBe(theme.shadows[2]);
  });

  it('takes the case of button labels from the theme (its MuiButton override)', () => {
    expect(vars['--at-button-transform']).toBe('none');
    expect(themeVars(createTheme())['--at-button-transform']).toBe('uppercase');
  });
});
