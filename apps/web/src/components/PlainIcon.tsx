/**
 * An icon of MUI's set drawn as a plain `<svg>` (item.module.css): the action rows of lists show
 * several per item, where MUI's SvgIcon is a styled component each. The paths are those of
 * @mui/icons-material (Material Icons, Apache 2.0).
 */
import css from './item.module.css';

export const iconPaths = {
  favorite:
    'm12 21.35-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54z',
  favoriteBorder:
    'M16.5 3c-1.74 0-3.41.81-4.5 2.09C10.91 3.81 9.24 3 7.5 3 4.42 3 2 5.42 2 8.5c0 3.78 3.4 6.86 8.55 11.54L12 21.35l1.45-1.32C18.6 15.36 22 12.28 22 8.5 22 5.42 19.58 3 16.5 3m-4.4 15.55-.1.1-.1-.1C7.14 14.24 4 11.39 4 8.5 4 6.5 5.5 5 7.5 5c1.54 0 3.04.99 3.57 2.36h1.87C13.46 5.99 14.96 5 16.5 5c2 0 3.5 1.5 3.5 3.5 0 2.89-3.14 5.74-7.9 10.05',
  chatBubbleOutline:
    'M20 2H4c-1.1 0-2 .9-2 2v18l4-4h14c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2m0 14H6l-2 2V4h16z',
} as const;

export function PlainIcon({ name }: { name: keyof typeof iconPaths }) {
  return (
    <svg className={css.icon} viewBox="0 0 24 24" aria-hidden focusable="false">
      <path d={iconPaths[name]} />
    </svg>
  );
}
