/** Components re-render in the new language when it changes, through the one context. */
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import en from '@atelier/shared/locales/en.json';
import fr from '@atelier/shared/locales/fr.json';
import { addMessages, changeLanguage, type TFunction } from './translate.ts';
import { TranslationProvider, useTranslation } from './useTranslation.tsx';

function Title() {
  const { t, i18n } = useTranslation();
  return <h1 lang={i18n.language}>{t('nav.home')}</h1>;
}

afterEach(async () => {
  await changeLanguage('en');
});

describe('useTranslation', () => {
  it('renders in the current language, then in the one switched to', async () => {
    addMessages('fr', fr);
    render(
      <TranslationProvider>
        <Title />
      </TranslationProvider>,
    );
    expect(screen.getByRole('heading')).toHaveTextContent(en.nav.home);
    await act(() => changeLanguage('fr'));
    expect(screen.getByRole('heading')).toHaveTextContent(fr.nav.home);
    expect(screen.getByRole('heading')).toHaveAttribute('lang', 'fr');
    expect(fr.nav.home).not.toBe(en.nav.home);
  });

  it('keeps the same t until the language changes', async () => {
    const seen: TFunction[] = [];
    function Probe() {
      seen.push(useTranslation().t);
      return null;
    }
    const { rerender } = render(<Probe />);
    rerender(<Probe />);
    await changeLanguage('fr');
    rerender(<Probe />);
    expect(seen[1]).toBe(seen[0]);
    expect(seen[2]).not.toBe(seen[0]);
    expect(seen[2]!('nav.home')).toBe(fr.nav.home);
  });
});
