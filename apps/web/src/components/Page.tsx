/** A page's frame: its one h1, an optional intro, then the content. */
import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A page's one h1 (Page's own, or a page that lays its heading out itself). */
export function PageTitle({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <Typography
      id={id}
      variant="h4"
      component="h1"
      sx={{
        fontWeight: 600,
        fontSize: { xs: '1.75rem', md: '2.125rem' },
        overflowWrap: 'anywhere',
      }}
    >
      {children}
    </Typography>
  );
}

const maxWidths = { narrow: 560, medium: 800, full: undefined } as const;

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
  width?: keyof typeof maxWidths;
}) {
  return (
    <Stack
      spacing={3}
      sx={{ py: { xs: 2, md: 4 }, maxWidth: maxWidths[width], mx: 'auto', width: '100%' }}
    >
      <Stack spacing={1}>
        <PageTitle>{title}</PageTitle>
        {intro ? (
          <Typography color="text.secondary" component="div">
            {intro}
          </Typography>
        ) : null}
      </Stack>
      {children}
    </Stack>
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
