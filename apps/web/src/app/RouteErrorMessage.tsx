import { useTranslation } from '../i18n/useTranslation.tsx';
import { AppLink } from '../components/AppLink.tsx';
import styles from './message.module.css';
import shell from './shell/shell.module.css';

export function RouteErrorMessage() {
  const { t } = useTranslation();
  return (
    <div className={styles.message}>
      <h1 className={styles.title}>{t('routeError.title')}</h1>
      <p className={styles.secondary}>{t('routeError.body')}</p>
      <div className={styles.actions}>
        <button
          type="button"
          className={shell.containedMedium}
          onClick={() => window.location.reload()}
        >
          {t('routeError.reload')}
        </button>
        <AppLink className={shell.textMedium} to="/">
          {t('nav.home')}
        </AppLink>
      </div>
    </div>
  );
}
