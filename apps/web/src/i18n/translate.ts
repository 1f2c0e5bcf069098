/**
 * The interface's messages, and the little of i18next the app used, in our own module: i18next
 * and react-i18next were 16 KB gzip (51 KB minified) of every page's first script, and i18next's
 * `t` (options copied, a resolver and an interpolator run on every call) ~6 % of the first
 * render's script time.
 *
 * One JSON file per language (nested objects), loaded when the interface switches to it (one chunk
 * each). `t(key, options)` finds the message by its dot-separated key, and supports only what the
 * messages use (locales.test.ts fails on a message using anything else):
 * - `{{name}}`: the option of that name, as it is — no HTML escaping, React escapes text (i18next
 *   with `escapeValue: false`). A placeholder without its option stays as written, as in i18next.
 * - plurals as i18next writes them: with `count`, the key `<key>_<form>`, the form being
 *   `new Intl.PluralRules(language).select(count)` (en, es: one/other, fr adds many, ko has other
 *   only; no `_zero`), or the bare key when the language has no such form.
 * - `defaultValue` for a missing key; otherwise the key itself. There is no fallback language:
 *   every file has every key (locales.test.ts).
 * - tags (`<strong>{{email}}</strong>`), only in messages rendered by Trans.tsx.
 */
import { defaultLanguage, type Language } from '@atelier/shared';

/** A language's messages as its JSON file holds them. */
export interface Messages {
  readonly [key: string]: string | Messages;
}

/** What fills a `{{name}}`: written as text, null and undefined as nothing. */
export type Value = string | number | boolean | null | undefined;

/**
 * `count` picks the plural form, `defaultValue` stands for a missing message; every option fills
 * its `{{name}}`.
 */
export interface TOptions {
  readonly count?: number;
  readonly defaultValue?: string;
  readonly [name: string]: Value;
}

export type TFunction = (key: string, options?: TOptions) => string;

/**
 * A language's messages as loaded, and each key looked up so far (`post.likes_one` → its text, or
 * null when missing): a key is resolved through the nested objects once, on first use, rather than
 * the whole file flattened as it loads (~1,500 keys, most of them on pages not shown).
 */
interface Loaded {
  readonly messages: Messages;
  readonly found: Map<string, string | null>;
}
const loaded = new Map<Language, Loaded>();
const loading = new Map<Language, Promise<void>>();
const pluralRules = new Map<Language, Intl.PluralRules>();
const listeners = new Set<(lng: Language) => void>();
let current: Language = defaultLanguage;
let requested: Language = defaultLanguage;

/** The message of a dot-separated key in a language, if it has one. */
function lookup(lng: Language, key: string): string | undefined {
  const entry = loaded.get(lng);
  if (!entry) return undefined;
  let text = entry.found.get(key);
  if (text === undefined) {
    let node: string | Messages | undefined = entry.messages;
    for (const part of key.split('.')) {
      node = typeof node === 'object' && Object.hasOwn(node, part) ? node[part] : undefined;
    }
    text = typeof node === 'string' ? node : null;
    entry.found.set(key, text);
  }
  return text ?? undefined;
}

/** Sets a language's messages: changeLanguage loads them; the unit tests add English up front. */
export function addMessages(lng: Language, messages: Messages): void {
  loaded.set(lng, { messages, found: new Map() });
}

function pluralForm(lng: Language, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(lng);
  if (!rules) pluralRules.set(lng, (rules = new Intl.PluralRules(lng)));
  return rules.select(count);
}

/** `{{name}}` → `values[name]`; a value is not scanned for placeholders in turn. */
export function interpolate(text: string, values: Readonly<Record<string, Value>>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? String(values[name] ?? '') : placeholder,
  );
}

function translate(lng: Language, key: string, options?: TOptions): string {
  const count = options?.count;
  const message =
    (count === undefined ? undefined : lookup(lng, `${key}_${pluralForm(lng, count)}`)) ??
    lookup(lng, key) ??
    options?.defaultValue;
  if (message === undefined) return key;
  return options ? interpolate(message, options) : message;
}

/** The `t` of a language (useTranslation keeps one per language, so it changes with it). */
export function translator(lng: Language): TFunction {
  return (key, options) => translate(lng, key, options);
}

/** Whether the current language has a message under that exact key (not a plural's bare key). */
export function exists(key: string): boolean {
  return lookup(current, key) !== undefined;
}

/** The current interface language. */
export function language(): Language {
  return current;
}

/** Calls `listener` after each change of language (once loaded); returns the unsubscribe. */
export function onLanguageChange(listener: (lng: Language) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Loads the language's messages unless they are here, then switches to it and tells the
 * listeners: the interface never renders a language whose messages are missing. If it is called
 * again before the messages arrive, the last call's language wins. Rejects, without switching,
 * when the messages fail to load.
 */
export async function changeLanguage(lng: Language): Promise<void> {
  requested = lng;
  await load(lng);
  if (requested !== lng) return;
  current = lng;
  for (const listener of listeners) listener(lng);
}

/**
 * One chunk per language, loaded when it is chosen (the server announces the page's own with a
 * `modulepreload`: build/route-preload.ts). The files are `@atelier/shared`'s: the server answers
 * API errors in the same words.
 */
const messageFiles: Record<Language, () => Promise<{ default: Messages }>> = {
  en: () => import('@atelier/shared/locales/en.json'),
  ko: () => import('@atelier/shared/locales/ko.json'),
  fr: () => import('@atelier/shared/locales/fr.json'),
  es: () => import('@atelier/shared/locales/es.json'),
};

function load(lng: Language): Promise<void> {
  if (loaded.has(lng)) return Promise.resolve();
  let promise = loading.get(lng);
  if (!promise) {
    promise = messageFiles[lng]()
      .then((module) => addMessages(lng, module.default))
      .finally(() => loading.delete(lng));
    loading.set(lng, promise);
  }
  return promise;
}
