/** A page's frame: its one h1, an optional intro, then the content. */
import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export function Page({ title, intro, children, narrow = false }: { title: string; intro?: ReactNode; children?: ReactNode; narrow?: boolean }) {
  return (
    <Stack spacing={3} sx={{ py: { xs: 2, md: 4 }, maxWidth: narrow ? 560 : undefined, mx: narrow ? 'auto' : undefined, width: '100%' }}>
      <Stack spacing={1}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 600, fontSize: { xs: '1.75rem', md: '2.125rem' }, overflowWrap: 'anywhere' }}>
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
