/** A page's frame: its one h1, an optional intro, then the content. */
import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

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
        <Typography
          variant="h4"
          component="h1"
          sx={{
            fontWeight: 600,
            fontSize: { xs: '1.75rem', md: '2.125rem' },
            overflowWrap: 'anywhere',
          }}
        >
          {title}
        </Typography>
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

/** The centred spinner shown while a page or its data loads. */
export { PageSpinner } from './PageSpinner.tsx';
