/** A moderator's words quoted to a user (a rejection note, a ban reason), kept as written. */
import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';

export function Quote({
  color = 'divider',
  children,
}: {
  /** The colour of the bar on the left. */
  color?: 'divider' | 'error.main';
  children: ReactNode;
}) {
  return (
    <Typography
      component="blockquote"
      sx={{
        m: 0,
        pl: 2,
        borderLeft: 3,
        borderColor: color,
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
      }}
    >
      {children}
    </Typography>
  );
}
