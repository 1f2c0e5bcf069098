import { useTranslation } from '../i18n/useTranslation.tsx';
import { CircularProgress } from './CircularProgress.tsx';
import styles from './PageSpinner.module.css';

/** What a page shows while it loads: MUI's circular progress, as plain elements. */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className={styles.frame}>
      <CircularProgress className={styles.progress} aria-label={t('common.loading')} />
    </div>
  );
}
