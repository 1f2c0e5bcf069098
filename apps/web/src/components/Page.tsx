/**
 * A page's frame: its one h1, an optional intro, then the content — plain elements with the look
 * of the MUI Stacks and Typography they were (Page.module.css): every screen renders one.
 */
import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
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
 * A page that holds one outlined card (a notice, a state): its content stacked with `spacing`,
 * aligned to the start with `alignStart` (buttons and icons keep their own width).
 */
export function CardPage({
  spacing = 2,
  alignStart = false,
  children,
  ...page
}: Parameters<typeof Page>[0] & { spacing?: number; alignStart?: boolean }) {
  return (
    <Page {...page}>
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={spacing} sx={alignStart ? { alignItems: 'flex-start' } : undefined}>
            {children}
          </Stack>
        </CardContent>
      </Card>
    </Page>
  );
}

/** The centred spinner shown while a page or its data loads. */
export { PageSpinner } from './PageSpinner.tsx';
