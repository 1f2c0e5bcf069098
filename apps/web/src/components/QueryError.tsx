/** A query that failed: its translated error, with "Retry" (refetches). */
import { useTranslation } from '../i18n/useTranslation.tsx';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { isApiError } from '../api/client.ts';
import { translateError } from './errors.ts';

export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    >
      {translateError(t, isApiError(error) ? error.code : null)}
    </Alert>
  );
}
