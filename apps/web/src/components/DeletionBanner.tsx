/**
 * Shown on every page while the signed-in account's deletion is scheduled (the grace period):
 * the date, and a button that cancels it.
 */
import { useTranslation } from '../i18n/useTranslation.tsx';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useCancelDeletion, useCurrentUser } from '../api/me.ts';
import { FormError } from './FormError.tsx';
import { useDateFormat } from './useDateFormat.ts';

export function DeletionBanner() {
  const { t } = useTranslation();
  const { date } = useDateFormat();
  const user = useCurrentUser();
  const cancel = useCancelDeletion();
  if (!user?.deletionScheduledTimestamp) return null;
  return (
    <Alert
      severity="warning"
      role="region"
      aria-label={t('ownData.bannerLabel')}
      sx={{ mt: 2 }}
      action={
        <Button
          color="inherit"
          size="small"
          onClick={() => cancel.mutate()}
          disabled={cancel.isPending}
        >
          {t('ownData.cancelDeletion')}
        </Button>
      }
    >
      {t('ownData.scheduled', { date: date(user.deletionScheduledTimestamp) })}
      <FormError error={cancel.error} />
    </Alert>
  );
}
