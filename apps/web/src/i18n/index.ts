/**
 * The interface language at start-up and when it changes: which language a page starts in, <html
 * lang>, and the saved choice. The messages themselves are translate.ts's: four languages, each one
 * JSON file loaded lazily (one chunk per language). No fallback language: every file has every
 * key, with the plural forms its language needs (locales.test.ts), so a page loads the messages of
 * its own language only — not English's too.
 */
import { chooseLanguage, isLanguage, type Language } from '@atelier/shared';
import { changeLanguage, language, onLanguageChange } from './translate.ts';

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
  onLanguageChange(applyDocumentLanguage);
  try {
    await changeLanguage(lng);
  } catch (err) {
    // As with i18next, the page still renders (showing its messages' keys) rather than nothing.
    console.error(`The ${lng} messages did not load`, err);
  }
}

/** The current interface language. */
export function currentLanguage(): Language {
  return language();
}

/** Switches the interface language once its messages are loaded, saves `locale`. */
export async function setLanguage(lng: Language): Promise<void> {
  await changeLanguage(lng);
  // Unless another language was chosen while this one was loading.
  if (language() === lng) saveLanguage(lng);
}

function saveLanguage(lng: Language): void {
  try {
    localStorage.setItem(localeStorageKey, lng);
  } catch {
    // Storage may be unavailable (private mode); the choice still holds for this page.
  }
}
