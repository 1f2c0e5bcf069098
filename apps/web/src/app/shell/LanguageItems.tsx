import { useTranslation } from '../../i18n/useTranslation.tsx';
import MenuItem from '@mui/material/MenuItem';
import { languages } from '@atelier/shared';
import { useLanguage } from '../useLanguage.ts';

/** One menu item per language, each named in its own language, as direct children of a Menu. */
export function useLanguageItems(onChosen: () => void) {
  const { t } = useTranslation();
  const { language, change } = useLanguage();
  return languages.map((lng) => (
    <MenuItem
      key={lng}
      lang={lng}
      selected={lng === language}
      onClick={() => {
        change(lng);
        onChosen();
      }}
    >
      {t(`languages.${lng}`)}
    </MenuItem>
  ));
}
