/**
 * i18next setup: four languages, each one JSON file loaded lazily (one chunk per language), English
 * as the fallback (its messages are loaded too when a key is missing elsewhere).
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import {
  chooseLanguage,
  defaultLanguage,
  isLanguage,
  languages,
  type Language,
} from '@atelier/shared';

export const localeStorageKey = 'locale';

function readSaved(): string | null {
  try {
    return localStorage.getItem(localeStorageKey);
  } catch {
    return null;
  }
}

function applyDocumentLanguage(lng: string): void {
  document.documentElement.lang = lng;
}

export async function initI18n(): Promise<void> {
  const lng = chooseLanguage(readSaved(), navigator.languages);
  i18next.on('languageChanged', applyDocumentLanguage);
  await i18next
    .use(initReactI18next)
    .use(resourcesToBackend((language: string) => import(`./locales/${language}.json`)))
    .init({
      lng,
      fallbackLng: defaultLanguage,
      supportedLngs: [...languages],
      load: 'languageOnly',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  applyDocumentLanguage(lng);
}

/** The current interface language. */
export function currentLanguage(): Language {
  const lng = i18next.resolvedLanguage ?? i18next.language;
  return isLanguage(lng) ? lng : defaultLanguage;
}

/** Switches the interface language: sets <html lang>, updates i18next's state, saves `locale`. */
export async function setLanguage(lng: Language): Promise<void> {
  await i18next.changeLanguage(lng);
  applyDocumentLanguage(lng);
  try {
    localStorage.setItem(localeStorageKey, lng);
  } catch {
    // Storage may be unavailable (private mode); the choice still holds for this page.
  }
}
