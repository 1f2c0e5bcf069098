/**
 * The messages module does what the app used of i18next: nested keys, `{{name}}`, plural forms
 * by Intl.PluralRules, defaultValue, the key when missing, and switching language once loaded.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { languages } from '@atelier/shared';
import en from '@atelier/shared/locales/en.json';
import es from '@atelier/shared/locales/es.json';
import fr from '@atelier/shared/locales/fr.json';
import ko from '@atelier/shared/locales/ko.json';
import {
  addMessages,
  changeLanguage,
  exists,
  interpolate,
  language,
  onLanguageChange,
  translator,
} from './translate.ts';

const files = { en, ko, fr, es };

afterEach(async () => {
  await changeLanguage('en');
});

describe('changeLanguage', () => {
  it('loads the language, then switches to it and tells the listeners', async () => {
    const heard = vi.fn();
    const stop = onLanguageChange(heard);
    expect(translator('ko')('nav.home')).toBe('nav.home');
    const switching = changeLanguage('ko');
    expect(language()).toBe('en');
    expect(heard).not.toHaveBeenCalled();
    await switching;
    expect(language()).toBe('ko');
    expect(heard.mock.calls).toEqual([['ko']]);
    expect(translator('ko')('nav.home')).toBe(ko.nav.home);
    expect(exists('nav.home')).toBe(true);
    stop();
    await changeLanguage('en');
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('ends in the language asked for last', async () => {
    const heard = vi.fn();
    const stop = onLanguageChange(heard);
    await Promise.all([changeLanguage('fr'), changeLanguage('es')]);
    stop();
    expect(language()).toBe('es');
    expect(heard.mock.calls).toEqual([['es']]);
  });
});

describe('t', () => {
  const t = translator('en');

  it.each([...languages])('chooses the plural form of %s as Intl.PluralRules does', (lng) => {
    addMessages(lng, files[lng]);
    const rules = new Intl.PluralRules(lng);
    for (const count of [0, 1, 2, 1_000_000]) {
      const form = (files[lng].post as Record<string, unknown>)[`likes_${rules.select(count)}`];
      expect(typeof form, `${lng} ${count}`).toBe('string');
      expect(translator(lng)('post.likes', { count })).toBe(
        (form as string).replace('{{count}}', String(count)),
      );
    }
  });

  it('uses the forms each language has', () => {
    addMessages('fr', fr);
    addMessages('ko', ko);
    expect(t('post.likes', { count: 0 })).toBe('0 likes');
    expect(t('post.likes', { count: 1 })).toBe('1 like');
    expect(translator('fr')('post.likes', { count: 0 })).toBe(
      fr.post.likes_one.replace('{{count}}', '0'),
    );
    expect(translator('fr')('post.likes', { count: 1_000_000 })).toBe(
      fr.post.likes_many.replace('{{count}}', '1000000'),
    );
    expect(translator('ko')('post.likes', { count: 1 })).toBe(
      ko.post.likes_other.replace('{{count}}', '1'),
    );
  });

  it('falls back to the bare key when the language lacks that plural form', () => {
    addMessages('es', { n: { items: 'bare {{count}}', items_one: 'one {{count}}' } });
    try {
      expect(translator('es')('n.items', { count: 1 })).toBe('one 1');
      expect(translator('es')('n.items', { count: 3 })).toBe('bare 3');
      expect(translator('es')('n.missing', { count: 3 })).toBe('n.missing');
    } finally {
      addMessages('es', es);
    }
  });

  it('finds nested keys and fills {{name}} without escaping', () => {
    expect(t('nav.home')).toBe(en.nav.home);
    expect(t('register.resent', { email: '<b>a&b</b>@x.test' })).toBe(
      en.register.resent.replace('{{email}}', '<b>a&b</b>@x.test'),
    );
  });

  it('returns the key for a missing message, or the defaultValue given', () => {
    expect(t('nav.nothingHere')).toBe('nav.nothingHere');
    expect(t('nav')).toBe('nav');
    expect(t('post.removalReasons.someNewReason', { defaultValue: 'someNewReason' })).toBe(
      'someNewReason',
    );
    expect(t('nav.home', { defaultValue: 'unused' })).toBe(en.nav.home);
  });

  it('says whether the current language has a message', () => {
    expect(exists('nav.home')).toBe(true);
    expect(exists('nav.nothingHere')).toBe(false);
    expect(exists('nav')).toBe(false);
    expect(exists('post.likes')).toBe(false);
  });
});

describe('interpolate', () => {
  it('fills what it is given, as text, once', () => {
    expect(interpolate('{{a}} and {{b}}', { a: 1, b: 'x' })).toBe('1 and x');
    expect(interpolate('{{a}}', { a: '{{b}} $& $1', b: 'no' })).toBe('{{b}} $& $1');
    expect(interpolate('[{{a}}]', { a: undefined })).toBe('[]');
    expect(interpolate('[{{a}}]', { a: null })).toBe('[]');
  });

  it('leaves a placeholder without a value as written, as i18next did', () => {
    expect(interpolate('[{{a}}]', {})).toBe('[{{a}}]');
    expect(interpolate('[{{toString}}]', {})).toBe('[{{toString}}]');
  });
});
