/**
 * Every language has every key, no value is empty, plural keys carry exactly the plural forms the
 * language needs (Korean has only `_other`, French and Spanish add `_many`), and messages use only
 * the syntax translate.ts supports.
 */
import { describe, expect, it } from 'vitest';
import { languages } from '@atelier/shared';
import en from '@atelier/shared/locales/en.json';
import es from '@atelier/shared/locales/es.json';
import fr from '@atelier/shared/locales/fr.json';
import ko from '@atelier/shared/locales/ko.json';

const files: Record<string, unknown> = { en, ko, fr, es };
const pluralSuffix = /_(zero|one|two|few|many|other)$/;
/** The messages rendered by Trans (pages/register/CheckEmail.tsx): the only ones with tags. */
const transKeys = new Set(['register.checkBody']);

function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

const flat = Object.fromEntries(Object.entries(files).map(([lng, data]) => [lng, flatten(data)]));
const baseKeys = (lng: string) =>
  new Set([...flat[lng]!.keys()].map((k) => k.replace(pluralSuffix, '')));

describe('locale files', () => {
  it('exist for every supported language', () => {
    expect(Object.keys(files).sort()).toEqual([...languages].sort());
  });

  it.each(languages.filter((l) => l !== 'en'))('%s has exactly the keys of en', (lng) => {
    const expected = [...baseKeys('en')].sort();
    expect([...baseKeys(lng)].sort()).toEqual(expected);
  });

  it.each([...languages])('%s has no empty or non-string value', (lng) => {
    for (const [key, value] of flat[lng]!) {
      expect(typeof value, key).toBe('string');
      expect((value as string).trim(), key).not.toBe('');
    }
  });

  it.each([...languages])('%s has the plural forms of its language', (lng) => {
    const categories = new Intl.PluralRules(lng).resolvedOptions().pluralCategories.slice().sort();
    const plurals = new Map<string, string[]>();
    for (const key of flat[lng]!.keys()) {
      const match = pluralSuffix.exec(key);
      if (match)
        plurals.set(key.replace(pluralSuffix, ''), [
          ...(plurals.get(key.replace(pluralSuffix, '')) ?? []),
          match[1]!,
        ]);
    }
    for (const [base, forms] of plurals) expect(forms.sort(), base).toEqual(categories);
  });

  it.each(languages.filter((l) => l !== 'en'))('%s is translated, not a copy of English', (lng) => {
    const english = flat.en!;
    const same = [...flat[lng]!].filter(
      ([k, v]) =>
        english.get(k) === v &&
        !k.startsWith('languages.') &&
        k !== 'appName' &&
        !/^\W*(\{\{\w+\}\}\W*)+$/.test(String(v)),
    );
    // A few words are the same in both languages (Avatar, Section, Faker…); most must differ.
    expect(same.length / flat[lng]!.size).toBeLessThan(0.05);
  });

  it.each([...languages])('%s uses only the syntax translate.ts supports', (lng) => {
    for (const [key, value] of flat[lng]!) {
      const base = key.replace(pluralSuffix, '');
      // i18next's context (`_male`), ordinal (`_ordinal_one`), v3 plural (`_plural`) or interval
      // (`_0`) suffixes: translate.ts looks none of them up.
      expect(base, `${lng} ${key}`).not.toMatch(/_[a-z0-9]+$/);
      let rest = String(value).replace(/\{\{\w+\}\}/g, '');
      if (transKeys.has(key)) rest = rest.replace(/<(\w+)>([^<]*)<\/\1>/g, '$2');
      // No `{{x, format}}`, `{{- x}}`, `{{ x }}` or `$t(nested)`; tags only where Trans has them.
      expect(rest, `${lng} ${key}`).not.toMatch(/\{\{|\}\}|\$t\(|<\/?\w/);
    }
  });
});
