import { describe, expect, it } from 'vitest';
import { acceptedLanguages, chooseLanguage } from './languageChoice.ts';

describe('chooseLanguage', () => {
  it('prefers the saved locale', () => {
    expect(chooseLanguage('ko', ['fr-FR', 'es-ES'])).toBe('ko');
  });

  it('ignores an unsupported saved locale', () => {
    expect(chooseLanguage('de', ['de-DE', 'es-MX'])).toBe('es');
  });

  it('skips the first browser language and takes the next supported base code', () => {
    expect(chooseLanguage(null, ['fr-FR', 'de', 'ko-KR', 'es'])).toBe('ko');
  });

  it('does not pick the first browser language even when supported', () => {
    expect(chooseLanguage(null, ['fr-FR'])).toBe('en');
    expect(chooseLanguage(undefined, ['ko', 'ja', 'zh'])).toBe('en');
  });

  it('falls back to English', () => {
    expect(chooseLanguage(null, [])).toBe('en');
  });
});

describe('acceptedLanguages', () => {
  it('lists the languages most preferred first, as the browser ranks them', () => {
    expect(acceptedLanguages('fr-CA,fr;q=0.9,en;q=0.8,ko;q=0.7')).toEqual([
      'fr-CA',
      'fr',
      'en',
      'ko',
    ]);
    expect(acceptedLanguages('en;q=0.5, ko, es;q=0.8')).toEqual(['ko', 'es', 'en']);
  });

  it('leaves out the wildcard, refused languages and an empty header', () => {
    expect(acceptedLanguages('de;q=0, *;q=0.1, es')).toEqual(['es']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('')).toEqual([]);
  });

  it('gives the server the language the browser will choose', () => {
    expect(chooseLanguage(null, acceptedLanguages('en-US,en;q=0.9,ko;q=0.8'))).toBe('en');
    expect(chooseLanguage(null, acceptedLanguages('ko-KR,fr;q=0.9'))).toBe('fr');
  });
});
