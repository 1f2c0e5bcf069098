/** The language menu of signed-out visitors: an icon button named "Language"; the menu loads on use. */
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import IconButton from '@mui/material/IconButton';
import TranslateIcon from '@mui/icons-material/Translate';
import { useLazyMenu } from './useLazyMenu.ts';

const loadPopup = () => import('./LanguageMenuPopup.tsx');
const LanguageMenuPopup = lazy(loadPopup);

export function LanguageMenu() {
  const { t } = useTranslation();
  const menu = useLazyMenu('language-menu', loadPopup);
  return (
    <>
      <IconButton color="inherit" aria-label={t('nav.language')} {...menu.buttonProps}>
        <TranslateIcon />
      </IconButton>
      {menu.anchor ? (
        <Suspense fallback={null}>
          <LanguageMenuPopup anchor={menu.anchor} onClose={menu.close} />
        </Suspense>
      ) : null}
    </>
  );
}
