/**
 * Changing the interface language: messages, <html lang> and local storage (setLanguage), plus the
 * signed-in user's stored language (PATCH /api/me), so the choice follows the person.
 */
import { useCallback } from 'react';
import { useTranslation } from '../i18n/useTranslation.tsx';
import { isLanguage, type Language } from '@atelier/shared';
import { useMe, useUpdateMe } from '../api/me.ts';
import { setLanguage } from '../i18n/index.ts';

export function useLanguage(): { language: Language; change: (lng: Language) => void } {
  const { i18n } = useTranslation();
  const me = useMe().data;
  const { mutate } = useUpdateMe();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const change = useCallback(
    (lng: Language) => {
      void setLanguage(lng);
      if (me && me.language !== lng)
        mutate(
          { language: lng },
          { onError: (err) => console.warn('Saving the language failed', err) },
        );
    },
    [me, mutate],
  );
  return { language, change };
}
