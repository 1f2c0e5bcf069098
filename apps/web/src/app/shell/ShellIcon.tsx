/**
 * An icon of the top bar drawn as a plain `<svg>` with the look of MUI's SvgIcon (24 px, or 20 px
 * when `small`; MaterialIcon.module.css): the shell renders on every page, where each SvgIcon was
 * a styled component.
 */
import { iconPaths } from '../../components/PlainIcon.tsx';
import css from '../../components/MaterialIcon.module.css';

export function ShellIcon({
  name,
  small = false,
  className,
}: {
  name: keyof typeof iconPaths;
  small?: boolean;
  className?: string;
}) {
  const classes = [css.icon, small ? css.small : null, className].filter(Boolean).join(' ');
  return (
    <svg className={classes} viewBox="0 0 24 24" aria-hidden focusable="false">
      <path d={iconPaths[name]} />
    </svg>
  );
}
