/** The indented column under a comment or status update that holds its replies and composer. */
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import Stack from '@mui/material/Stack';
import type { ConversationNs } from '../ItemActions.tsx';

export function ReplyThread({ indent, children }: { indent: number; children: ReactNode }) {
  return (
    <Stack spacing={2} sx={{ pl: { xs: 1.5, sm: indent }, borderLeft: 2, borderColor: 'divider' }}>
      {children}
    </Stack>
  );
}

/** The list of replies ("Replies to this comment", "Replies"), each a `ConversationItem` `li`. */
export function ReplyList({
  ns,
  id,
  children,
}: {
  ns: ConversationNs;
  id?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack
      component="ul"
      id={id}
      spacing={2}
      sx={{ m: 0, p: 0 }}
      aria-label={t(`${ns}.repliesList`)}
    >
      {children}
    </Stack>
  );
}
