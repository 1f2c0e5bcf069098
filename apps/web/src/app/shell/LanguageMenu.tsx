/** The language menu of signed-out visitors: an icon button named "Language"; the menu loads on use. */
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import { ShellIcon } from './ShellIcon.tsx';
import { useLazyMenu } from './useLazyMenu.ts';
import css from './shell.module.css';

const loadPopup = () => import('./LanguageMenuPopup.tsx');
const LanguageMenuPopup = lazy(loadPopup);

export function LanguageMenu() {
  const { t } = useTranslation();
  const menu = useLazyMenu('language-menu', loadPopup);
  return (
    <>
      {/* A plain button with the look of MUI's IconButton (shell.module.css). */}
      <button
        type="button"
        className={css.iconButton}
        aria-label={t('nav.language')}
        {...menu.buttonProps}
      >
        <ShellIcon name="translate" />
      </button>
      {menu.anchor ? (
        <Suspense fallback={null}>
          <LanguageMenuPopup anchor={menu.anchor} onClose={menu.close} />
        </Suspense>
      ) : null}
    </>
  );
}
