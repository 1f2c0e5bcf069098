/**
 * `const { t, i18n } = useTranslation()` in a component: the interface's messages in the current
 * language, and a new `t` (and a render) when the language changes.
 *
 * react-i18next's hook of the same name does more per component: it copies the i18next
 * instance's property descriptors into a new wrapper object for every component that calls it,
 * and keeps five hooks and two effects. A page calls it from hundreds of components in its first
 * render (a tenth of the home page's first render's script time on a phone). Here
 * every component reads one context, which TranslationProvider (at the app's root) replaces when
 * the language changes. Without the provider (unit tests), it reads the current language.
 * `Trans` and `initReactI18next` still come from react-i18next.
 */
import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

export interface Translation {
  t: TFunction;
  i18n: I18n;
}

let current: (Translation & { language: string }) | null = null;

/** The value for i18next's current language: the same object until the language changes. */
function translation(): Translation {
  if (current?.language !== i18next.language)
    current = {
      t: i18next.getFixedT(null, 'translation'),
      i18n: i18next,
      language: i18next.language,
    };
  return current;
}

const TranslationContext = createContext<Translation | null>(null);

export function TranslationProvider({ children }: { children: ReactNode }) {
  const [value, setValue] = useState(translation);
  useEffect(() => {
    const update = () => setValue(translation());
    i18next.on('languageChanged', update);
    update();
    return () => i18next.off('languageChanged', update);
  }, []);
  return <TranslationContext value={value}>{children}</TranslationContext>;
}

export function useTranslation(): Translation {
  return useContext(TranslationContext) ?? translation();
}
