/**
 * The MUI theme object built from theme.ts's options, for what runs outside the browser's app: the
 * build (build/mui-theme.ts writes its values as `--at-…` properties) and the tests. The app itself
 * never imports this module — its MUI components get the same theme as MUI's default one.
 */
import { createTheme } from '@mui/material/styles';
import { themeOptions } from './theme.ts';
import { themeCss } from './themeVars.ts';

export const theme = createTheme(themeOptions);

/** The theme's values as a `:root` rule of `--at-…` properties (themeVars.ts). */
export const themeVarsCss = themeCss(theme);
