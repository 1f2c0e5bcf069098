/**
 * A query that failed: its translated error, with "Retry" (refetches). MUI's standard error Alert
 * with a small inherit-coloured Button, as plain elements (alert.module.css).
 */
import { useTranslation } from '../i18n/useTranslation.tsx';
import { isApiError } from '../api/client.ts';
import shell from '../app/shell/shell.module.css';
import { translateError } from './errors.ts';
import css from './alert.module.css';

/** MUI's ErrorOutline icon, as its Alert draws it (Material Icons, Apache 2.0). */
const errorOutline =
  'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z';

export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={css.alert} role="alert">
      <div className={css.icon}>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d={errorOutline} />
        </svg>
      </div>
      <div className={css.message}>{translateError(t, isApiError(error) ? error.code : null)}</div>
      <div className={css.action}>
        <button type="button" className={shell.button} onClick={onRetry}>
          {t('common.retry')}
        </button>
      </div>
    </div>
  );
}
