/**
 * A list of status update cards (home embeds it with the home page's items): the first two at
 * once, then two more per task (useIncremental).
 */
import { useTranslation } from '../../i18n/useTranslation.tsx';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { StatusUpdate } from '@atelier/shared';
import { useIncremental } from '../useIncremental.ts';
import { StatusUpdateCard } from './StatusUpdateCard.tsx';

export function StatusUpdateList({ items }: { items: StatusUpdate[] }) {
  const { t } = useTranslation();
  const shown = useIncremental(items.length, 2, 2);
  if (items.length === 0) {
    return <Typography color="text.secondary">{t('status.empty')}</Typography>;
  }
  return (
    <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {items.slice(0, shown).map((item) => (
        <li key={item.id}>
          <StatusUpdateCard update={item} />
        </li>
      ))}
    </Stack>
  );
}
