/**
 * i18next setup: four languages, each one JSON file loaded lazily (one chunk per language). No
 * fallback language: every file has every key, with the plural forms its language needs
 * (locales.test.ts), so a page loads the messages of its own language only — not English's too.
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

/**
 * A signed-in visitor's saved language, which the server writes into their page
 * (`<meta name="user-language">`, apps/server/src/plugins/web.ts). Signed in, the interface
 * switches to it (SessionEffects, seed "language sync"): it starts in it instead, without
 * rendering everything once in another language first.
 */
function savedByServer(): Language | null {
  const hint = document.querySelector<HTMLMetaElement>('meta[name="user-language"]')?.content;
  return isLanguage(hint) ? hint : null;
}

function applyDocumentLanguage(lng: string): void {
  document.documentElement.lang = lng;
}

export async function initI18n(): Promise<void> {
  const saved = readSaved();
  const userLanguage = savedByServer();
  const lng = userLanguage ?? chooseLanguage(saved, navigator.languages);
  if (userLanguage && userLanguage !== saved) saveLanguage(userLanguage);
  i18next.on('languageChanged', applyDocumentLanguage);
  await i18next
    .use(initReactI18next)
    .use(resourcesToBackend((language: string) => import(`./locales/${language}.json`)))
    .init({
      lng,
      fallbackLng: false,
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
  saveLanguage(lng);
}

function saveLanguage(lng: Language): void {
  try {
    localStorage.setItem(localeStorageKey, lng);
  } catch {
    // Storage may be unavailable (private mode); the choice still holds for this page.
  }
}
