/**
 * No ThemeProvider wraps the app (MUI's components take the theme as their default one:
 * build/mui-theme.ts), and a provider is what would carry a component's `defaultProps`: the theme
 * must set none, or they would be silently ignored.
 */
import { describe, expect, it } from 'vitest';
import { themeOptions } from './theme.ts';

describe('theme options', () => {
  it('set no defaultProps', () => {
    for (const [name, options] of Object.entries(themeOptions.components ?? {}))
      expect(options && 'defaultProps' in options, name).toBe(false);
  });
});
