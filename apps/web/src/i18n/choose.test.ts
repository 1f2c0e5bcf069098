import { describe, expect, it } from 'vitest';
import { chooseLanguage } from './choose.ts';

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
