/**
 * The seed's language choice order, as a pure function:
 * 1. the saved choice (local storage `locale`) when supported;
 * 2. else the first of the browser's OTHER preferred languages (the first one is skipped) whose
 *    base code (`fr` of `fr-CA`) is supported;
 * 3. else English.
 */
import { defaultLanguage, isLanguage, type Language } from '@atelier/shared';

export function baseCode(tag: string): string {
  return tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
}

export function chooseLanguage(
  saved: string | null | undefined,
  browserLanguages: readonly string[],
): Language {
  if (isLanguage(saved)) return saved;
  for (const tag of browserLanguages.slice(1)) {
    const base = baseCode(tag);
    if (isLanguage(base)) return base;
  }
  return defaultLanguage;
}
