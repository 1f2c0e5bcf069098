/**
 * Every language has every key, no value is empty, and plural keys carry exactly the plural
 * forms the language needs (Korean has only `_other`, French and Spanish add `_many`).
 */
import { describe, expect, it } from 'vitest';
import { languages } from '@atelier/shared';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import ko from './locales/ko.json';

const files: Record<string, unknown> = { en, ko, fr, es };
const pluralSuffix = /_(zero|one|two|few|many|other)$/;

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
});
