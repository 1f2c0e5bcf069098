import { useTranslation } from '../i18n/useTranslation.tsx';
import styles from './PageSpinner.module.css';

/** What a page shows while it loads: MUI's circular progress, as plain elements. */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className={styles.frame}>
      <span className={styles.progress} role="progressbar" aria-label={t('common.loading')}>
        <svg className={styles.svg} viewBox="22 22 44 44" aria-hidden="true">
          <circle
            className={styles.circle}
            cx="44"
            cy="44"
            r="20.2"
            fill="none"
            strokeWidth="3.6"
          />
        </svg>
      </span>
    </div>
  );
}
