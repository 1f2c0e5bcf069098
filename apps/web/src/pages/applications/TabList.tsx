/**
 * The parts the moderators' tabs (applications, promotion requests, banned users) share: the list
 * with its loading, error and empty states, and the decision buttons under a card.
 */
import type { ReactNode } from 'react';
import CardActions from '@mui/material/CardActions';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { QueryItems, type ListOfQuery } from '../../components/QueryItems.tsx';

/** A spinner while loading, the error, the `empty` text, or the items (one card each). */
export function TabList<T>({ query, empty, children }: ListOfQuery<T>) {
  return (
    <QueryItems
      query={query}
      pending={<PageSpinner />}
      empty={
        <Typography color="text.secondary" sx={{ pt: 1 }}>
          {empty}
        </Typography>
      }
    >
      {(items) => (
        <Stack spacing={2} sx={{ pt: 1 }}>
          {items.map(children)}
        </Stack>
      )}
    </QueryItems>
  );
}

/** The buttons under a card, wrapping on narrow screens. */
export function DecisionActions({ children }: { children: ReactNode }) {
  return (
    <CardActions
      sx={{
        px: { xs: 2, sm: 3 },
        pb: 2,
        pt: 0,
        flexWrap: 'wrap',
        gap: 1,
        '& > :not(style) ~ :not(style)': { ml: 0 },
      }}
    >
      {children}
    </CardActions>
  );
}
