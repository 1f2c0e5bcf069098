/**
 * MUI's indeterminate CircularProgress as plain elements (progress.module.css): a page loading, a
 * button busy. Name it with `aria-label` or `aria-labelledby`; size it with `--progress-size`.
 */
import type { AriaAttributes } from 'react';
import css from './progress.module.css';

export function CircularProgress({
  className,
  ...aria
}: { className?: string } & Pick<AriaAttributes, 'aria-label' | 'aria-labelledby'>) {
  return (
    <span
      className={className ? `${css.progress} ${className}` : css.progress}
      role="progressbar"
      {...aria}
    >
      <svg viewBox="22 22 44 44" aria-hidden="true">
        <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
      </svg>
    </span>
  );
}
