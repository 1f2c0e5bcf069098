/** Components re-render in the new language when it changes, through the one context. */
import i18next from 'i18next';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import fr from './locales/fr.json';
import { TranslationProvider, useTranslation } from './useTranslation.tsx';

function Title() {
  const { t } = useTranslation();
  return <h1>{t('nav.home')}</h1>;
}

afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe('useTranslation', () => {
  it('renders in the current language, then in the one switched to', async () => {
    i18next.addResourceBundle('fr', 'translation', fr);
    render(
      <TranslationProvider>
        <Title />
      </TranslationProvider>,
    );
    expect(screen.getByRole('heading')).toHaveTextContent(i18next.t('nav.home', { lng: 'en' }));
    await act(() => i18next.changeLanguage('fr'));
    expect(screen.getByRole('heading')).toHaveTextContent(fr.nav.home);
    expect(fr.nav.home).not.toBe(i18next.t('nav.home', { lng: 'en' }));
  });
});
