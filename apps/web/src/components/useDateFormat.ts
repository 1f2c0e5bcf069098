/** Absolute dates in the interface language (long date, optionally with the time). */
import { useTranslation } from 'react-i18next';

export function useDateFormat() {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return {
    date: (iso: string) =>
      new Intl.DateTimeFormat(lng, { dateStyle: 'long' }).format(new Date(iso)),
    dateTime: (iso: string) =>
      new Intl.DateTimeFormat(lng, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso)),
  };
}
