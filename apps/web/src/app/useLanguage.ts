/**
 * Changing the interface language: messages, <html lang> and local storage (setLanguage), plus the
 * signed-in user's stored language (PATCH /api/me), so the choice follows the person. When the
 * language's messages cannot be downloaded (offline), the interface stays as it is and says why;
 * nothing is saved.
 */
import { useCallback } from 'react';
import { useTranslation } from '../i18n/useTranslation.tsx';
import { isLanguage, type Language } from '@atelier/shared';
import { useMe, useUpdateMe } from '../api/me.ts';
import { currentLanguage, setLanguage } from '../i18n/index.ts';
import { useSnackbar } from './feedback/context.ts';

export function useLanguage(): { language: Language; change: (lng: Language) => void } {
  const { t, i18n } = useTranslation();
  const me = useMe().data;
  const { mutate } = useUpdateMe();
  const snackbar = useSnackbar();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const change = useCallback(
    (lng: Language) => {
      setLanguage(lng).then(
        () => {
          // Unless another language was chosen meanwhile (the last choice wins).
          if (currentLanguage() !== lng || !me || me.language === lng) return;
          mutate(
            { language: lng },
            { onError: (err) => console.warn('Saving the language failed', err) },
          );
        },
        () => snackbar({ message: t('errors.network'), color: 'error' }),
      );
    },
    [me, mutate, snackbar, t],
  );
  return { language, change };
}
