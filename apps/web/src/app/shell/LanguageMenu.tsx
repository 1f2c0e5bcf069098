/** The language menu of signed-out visitors: an icon button named "Language"; the menu loads on use. */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import TranslateIcon from '@mui/icons-material/Translate';

const loadPopup = () => import('./LanguageMenuPopup.tsx');
const LanguageMenuPopup = lazy(loadPopup);

export function LanguageMenu() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('nav.language')}
        aria-haspopup="menu"
        aria-controls={anchor ? 'language-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onPointerEnter={() => void loadPopup()}
        onFocus={() => void loadPopup()}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <TranslateIcon />
      </IconButton>
      {anchor ? (
        <Suspense fallback={null}>
          <LanguageMenuPopup anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
