/**
 * A query that failed: its translated error, with "Retry" (refetches) — MUI's standard error Alert
 * with a small inherit-coloured Button, as plain elements (Notice).
 */
import { useTranslation } from '../i18n/useTranslation.tsx';
import { isApiError } from '../api/client.ts';
import shell from '../app/shell/shell.module.css';
import { translateError } from './errors.ts';
import { Notice } from './Notice.tsx';

export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Notice
      severity="error"
      action={
        <button type="button" className={shell.button} onClick={onRetry}>
          {t('common.retry')}
        </button>
      }
    >
      {translateError(t, isApiError(error) ? error.code : null)}
    </Notice>
  );
}
