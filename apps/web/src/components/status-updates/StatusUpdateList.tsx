/** A list of status update cards (home embeds it with the home page's items). */
import { useTranslation } from '../../i18n/useTranslation.tsx';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { StatusUpdate } from '@atelier/shared';
import { StatusUpdateCard } from './StatusUpdateCard.tsx';

export function StatusUpdateList({ items }: { items: StatusUpdate[] }) {
  const { t } = useTranslation();
  if (items.length === 0) {
    return <Typography color="text.secondary">{t('status.empty')}</Typography>;
  }
  return (
    <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {items.map((item) => (
        <li key={item.id}>
          <StatusUpdateCard update={item} />
        </li>
      ))}
    </Stack>
  );
}
