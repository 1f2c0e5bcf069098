import { useTranslation } from '../../i18n/useTranslation.tsx';
import css from './shell.module.css';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className={css.footer}>
      <p className={css.footerText}>{t('footerDisclaimer')}</p>
    </footer>
  );
}
