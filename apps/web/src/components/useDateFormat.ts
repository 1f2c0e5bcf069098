/** Absolute dates in the interface language (long date, optionally with the time). */
import { useTranslation } from '../i18n/useTranslation.tsx';
import { dateTimeFormat } from '@atelier/shared';

export function useDateFormat() {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return {
    date: (iso: string) => dateTimeFormat(lng, 'long').format(new Date(iso)),
    dateTime: (iso: string) => dateTimeFormat(lng, 'long', 'short').format(new Date(iso)),
  };
}
