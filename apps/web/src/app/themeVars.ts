/**
 * The theme's values as CSS custom properties (`--at-…` on `:root`), for the app's static style
 * sheets (base.css, the shell, the items lists repeat…): written into the entry's style sheet at
 * build time (build/mui-theme.ts), so those sheets follow theme.ts without copying its colours and
 * the browser runs no theme code for them. themeVars.test.ts checks that every property a sheet
 * uses is defined here.
 */
import { alpha, darken, lighten, type Theme, type TypographyStyle } from '@mui/material/styles';

import { cardRadius, contentWidth } from './theme.ts';

/** `font` shorthand and letter spacing of a typography variant. */
function font(name: string, style: TypographyStyle): Record<string, string> {
  const lineHeight = typeof style.lineHeight === 'number' ? String(style.lineHeight) : '1.5';
  return {
    [`--at-${name}-font`]: `${String(style.fontWeight)} ${String(style.fontSize)}/${lineHeight} ${String(style.fontFamily)}`,
    [`--at-${name}-spacing`]: String(style.letterSpacing ?? 'normal'),
  };
}

/** The case of button labels: the theme's MuiButton override, else the button typography's. */
function buttonTransform(theme: Theme): string {
  const root = theme.components?.MuiButton?.styleOverrides?.root;
  const override =
    root && typeof root === 'object' && 'textTransform' in root ? root.textTransform : null;
  return String(override ?? theme.typography.button.textTransform ?? 'none');
}

/** MUI's standard (tinted) Alert of a severity: its text and its background. */
function alertVars(
  palette: Theme['palette'],
  severity: 'success' | 'info' | 'warning' | 'error',
): Record<string, string> {
  const { light } = palette[severity];
  const dark = palette.mode === 'dark';
  return {
    [`--at-${severity}-alert-text`]: (dark ? lighten : darken)(light, 0.6),
    [`--at-${severity}-alert-bg`]: (dark ? darken : lighten)(light, 0.9),
  };
}

export function themeVars(theme: Theme): Record<string, string> {
  const { palette, typography } = theme;
  return {
    '--at-font': String(typography.fontFamily),
    ...font('body1', typography.body1),
    ...font('body2', typography.body2),
    ...font('caption', typography.caption),
    ...font('button', typography.button),
    ...font('h4', typography.h4),
    ...font('h5', typography.h5),
    ...font('h6', typography.h6),
    ...font('subtitle1', typography.subtitle1),
    ...font('subtitle2', typography.subtitle2),
    '--at-text': palette.text.primary,
    '--at-background': palette.background.default,
    '--at-color-scheme': palette.mode,
    '--at-weight-bold': String(typography.fontWeightBold),
    '--at-text-secondary': palette.text.secondary,
    '--at-text-disabled': palette.text.disabled,
    '--at-primary': palette.primary.main,
    '--at-primary-dark': palette.primary.dark,
    '--at-primary-contrast': palette.primary.contrastText,
    '--at-primary-hover': alpha(palette.primary.main, palette.action.hoverOpacity),
    // An outlined Button's border (MUI: the colour at 50 %).
    '--at-primary-outline': alpha(palette.primary.main, 0.5),
    // MUI's Link (underline "always"): its underline in the link's colour at 40 %.
    '--at-primary-underline': alpha(palette.primary.main, 0.4),
    '--at-secondary': palette.secondary.main,
    '--at-secondary-hover': alpha(palette.secondary.main, palette.action.hoverOpacity),
    '--at-success': palette.success.main,
    // The post page and the post cards (pages/posts, components/PostCard.tsx): an outlined Button
    // in the error colour, search matches' marks, and MUI's standard Alerts of severity warning
    // and info (the removed post's notice, a missing post).
    '--at-error-outline': alpha(palette.error.main, 0.5),
    '--at-error-hover': alpha(palette.error.main, palette.action.hoverOpacity),
    '--at-warning-light': palette.warning.light,
    '--at-black': palette.common.black,
    '--at-warning': palette.warning.main,
    ...alertVars(palette, 'warning'),
    ...alertVars(palette, 'success'),
    '--at-info': palette.info.main,
    ...alertVars(palette, 'info'),
    '--at-paper': palette.background.paper,
    '--at-divider': palette.divider,
    '--at-hover': palette.action.hover,
    '--at-focus': palette.action.focus,
    '--at-selected': palette.action.selected,
    '--at-disabled': palette.action.disabled,
    '--at-disabled-bg': palette.action.disabledBackground,
    // An outlined field's border (MUI's OutlinedInput draws it in this colour, not a palette one).
    '--at-outline': palette.mode === 'light' ? 'rgba(0, 0, 0, 0.23)' : 'rgba(255, 255, 255, 0.23)',
    '--at-radius': `${String(theme.shape.borderRadius)}px`,
    '--at-card-radius': `${String(cardRadius)}px`,
    // The app's shell (app/shell/shell.module.css): the top bar, the page's frame, the footer.
    '--at-content-width': contentWidth,
    '--at-weight-medium': String(typography.fontWeightMedium),
    '--at-button-transform': buttonTransform(theme),
    // AppBar color="default": the contrast text of its grey (the bar's background is the paper).
    '--at-bar-text': palette.getContrastText(palette.grey[palette.mode === 'dark' ? 900 : 100]),
    '--at-active': palette.action.active,
    '--at-error': palette.error.main,
    '--at-error-contrast': palette.error.contrastText,
    // MUI's standard (tinted) Alert of severity error, on the dark theme.
    ...alertVars(palette, 'error'),
    // MUI's Chip: the outlined one's border, and a clickable one's hover and keyboard focus.
    '--at-chip-border': palette.mode === 'light' ? palette.grey[400] : palette.grey[700],
    '--at-chip-hover': alpha(
      palette.action.selected,
      palette.action.selectedOpacity + palette.action.hoverOpacity,
    ),
    '--at-chip-focus': alpha(
      palette.action.selected,
      palette.action.selectedOpacity + palette.action.focusOpacity,
    ),
    '--at-shadow-1': theme.shadows[1],
    '--at-shadow-2': theme.shadows[2],
    '--at-shadow-4': theme.shadows[4],
    '--at-shadow-6': theme.shadows[6],
    '--at-shadow-8': theme.shadows[8],
  };
}

/** The properties as a `:root` rule. */
export function themeCss(theme: Theme): string {
  const declarations = Object.entries(themeVars(theme)).map(([name, value]) => `${name}:${value}`);
  return `:root{${declarations.join(';')}}\n`;
}
