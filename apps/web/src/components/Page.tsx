/**
 * A page's frame: its one h1, an optional intro, then the content — plain elements with the look
 * of the MUI Stacks and Typography they were (Page.module.css): every screen renders one.
 */
import type { CSSProperties, ReactNode } from 'react';
import css from './Page.module.css';

/** A page's one h1 (Page's own, or a page that lays its heading out itself). */
export function PageTitle({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <h1 id={id} className={css.title}>
      {children}
    </h1>
  );
}

const widths = { narrow: css.narrow, medium: css.medium, full: undefined } as const;

/** `narrow` for short forms, `medium` for long forms and reading, `full` for lists. */
export function Page({
  title,
  intro,
  children,
  narrow = false,
  width = narrow ? 'narrow' : 'full',
}: {
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
  narrow?: boolean;
  width?: keyof typeof widths;
}) {
  return (
    <div className={widths[width] ? `${css.page} ${widths[width]}` : css.page}>
      <div className={css.head}>
        <PageTitle>{title}</PageTitle>
        {intro ? <div className={css.intro}>{intro}</div> : null}
      </div>
      {children}
    </div>
  );
}

/**
 * A page that holds one outlined card (a notice, a state): its content stacked with `spacing`
 * (MUI's units of 8 px), aligned to the start with `alignStart` (buttons and icons keep their own
 * width). MUI's outlined Card, CardContent and Stack, as plain elements (Page.module.css).
 */
export function CardPage({
  spacing = 2,
  alignStart = false,
  children,
  ...page
}: Parameters<typeof Page>[0] & { spacing?: number; alignStart?: boolean }) {
  return (
    <Page {...page}>
      <div className={css.card}>
        <div
          className={alignStart ? `${css.cardStack} ${css.alignStart}` : css.cardStack}
          style={{ '--stack-spacing': `${spacing * 8}px` } as CSSProperties}
        >
          {children}
        </div>
      </div>
    </Page>
  );
}

/** The centred spinner shown while a page or its data loads. */
export { PageSpinner } from './PageSpinner.tsx';
