import { useTranslation } from '../../i18n/useTranslation.tsx';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { isLanguage, languages } from '@atelier/shared';
import { useLanguage } from '../../app/useLanguage.ts';
import { Section } from './Section.tsx';

export function LanguageSection() {
  const { t } = useTranslation();
  const { language, change } = useLanguage();
  return (
    <Section id="account-language" title={t('account.languageTitle')}>
      <FormControl fullWidth>
        <InputLabel id="account-language-label">{t('account.language')}</InputLabel>
        <Select
          labelId="account-language-label"
          label={t('account.language')}
          value={language}
          onChange={(e) => {
            if (isLanguage(e.target.value)) change(e.target.value);
          }}
          aria-describedby="account-language-hint"
        >
          {languages.map((lng) => (
            <MenuItem key={lng} value={lng} lang={lng}>
              {t(`languages.${lng}`)}
            </MenuItem>
          ))}
        </Select>
        <FormHelperText id="account-language-hint">{t('account.languageHint')}</FormHelperText>
      </FormControl>
    </Section>
  );
}
