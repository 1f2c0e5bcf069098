/** The parts of a moderator panel (profile, application, promotion request): titled lists. */
import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { QueryItems, type ListOfQuery } from '../QueryItems.tsx';

/** A part of a moderator panel: a section named by its heading (an h3 unless told). */
export function PanelSection({
  id,
  title,
  level = 'h3',
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  level?: 'h2' | 'h3';
  children: ReactNode;
}) {
  return (
    <Stack spacing={1.5} component="section" aria-labelledby={id}>
      <Typography id={id} variant="subtitle1" component={level} sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/** The list of a panel part (items as `li`): its error, nothing while loading, `empty`, or the items. */
export function PanelList<T>({ query, empty, children }: ListOfQuery<T>) {
  return (
    <QueryItems
      query={query}
      empty={
        <Typography variant="body2" color="text.secondary">
          {empty}
        </Typography>
      }
    >
      {(items) => (
        <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {items.map(children)}
        </Stack>
      )}
    </QueryItems>
  );
}
