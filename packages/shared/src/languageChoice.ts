/**
 * The seed's language choice order, as a pure function:
 * 1. the saved choice (local storage `locale`) when supported;
 * 2. else the first of the browser's OTHER preferred languages (the first one is skipped) whose
 *    base code (`fr` of `fr-CA`) is supported;
 * 3. else English.
 * The web app applies it to `navigator.languages`; the server to the same list as the browser
 * sends it (`Accept-Language`), to announce the messages the page will load.
 */
import { defaultLanguage, isLanguage, type Language } from './limits.ts';

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

/**
 * The languages of an `Accept-Language` header, most preferred first (by `q`, then in the order
 * written), as `navigator.languages` lists them; `*` and refused (`q=0`) ones left out.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, q }) => tag !== '' && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}
