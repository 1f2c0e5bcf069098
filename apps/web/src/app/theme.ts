/**
 * The dark theme of the seed: buttons not upper-cased, cards rounded (16 px), a black dialog scrim,
 * and the breakpoints of packages/shared (xs 0 / sm 600 / md 960 / lg 1280 / xl 1920 / xxl 2560).
 *
 * Only the options: MUI's components build the theme from them where they first need it, without
 * a ThemeProvider (build/mui-theme.ts makes this theme MUI's default one), so the first screen
 * runs no theme code, and a page without MUI components loads none. The static sheets read the
 * same values as `--at-…` properties, written at build time (themeVars.ts).
 */
import type { ThemeOptions } from '@mui/material/styles';
import { breakpoints } from '@atelier/shared';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true;
  }
}

/** The corners of cards (MuiCard below; the static sheets read it through themeVars.ts). */
export const cardRadius = 16;

/** Page content width: max(1350px, 70vw), never wider than the screen. */
export const contentWidth = 'min(100%, max(1350px, 70vw))';

export const themeOptions: ThemeOptions = {
  palette: {
    mode: 'dark',
    primary: { main: '#90caf9' },
    secondary: { main: '#ce93d8' },
    background: { default: '#101014', paper: '#18181d' },
  },
  breakpoints: { values: { ...breakpoints } },
  shape: { borderRadius: 8 },
  components: {
    MuiButton: {
      styleOverrides: { root: { textTransform: 'none' } },
      // White on the dark theme's error red (#f44336) is 3.7:1; on its darker shade, 4.8:1 (AA).
      variants: [
        {
          props: { variant: 'contained', color: 'error' },
          style: { backgroundColor: '#d32f2f', '&:hover': { backgroundColor: '#b71c1c' } },
        },
      ],
    },
    MuiTab: { styleOverrides: { root: { textTransform: 'none' } } },
    MuiCard: { styleOverrides: { root: { borderRadius: cardRadius } } },
    MuiMenu: { styleOverrides: { paper: { borderRadius: 12 } } },
    MuiDialog: {
      styleOverrides: {
        root: { '& .MuiBackdrop-root': { backgroundColor: 'rgba(0, 0, 0, 0.85)' } },
        paper: { borderRadius: 16 },
      },
    },
  },
};
