/**
 * `const { t, i18n } = useTranslation()` in a component: the interface's messages in the current
 * language (translate.ts), and a new `t` (and a render) when the language changes.
 *
 * A page calls it from hundreds of components in its first render, so it keeps nothing per
 * component (react-i18next's hook of the same name kept five hooks and two effects each: a tenth of
 * the home page's first render's script time on a phone). Every component reads one context,
 * which TranslationProvider (at the app's root) replaces when the language changes. Without the
 * provider (unit tests), it reads the current language.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { Language } from '@atelier/shared';
import { language, onLanguageChange, translator, type TFunction } from './translate.ts';

export interface Translation {
  t: TFunction;
  /** The current language, twice: the two names the components read since i18next. */
  i18n: { language: Language; resolvedLanguage: Language };
}

let current: Translation | null = null;

/** The value for the current language: the same object until the language changes. */
function translation(): Translation {
  const lng = language();
  if (current?.i18n.language !== lng)
    current = { t: translator(lng), i18n: { language: lng, resolvedLanguage: lng } };
  return current;
}

const TranslationContext = createContext<Translation | null>(null);

export function TranslationProvider({ children }: { children: ReactNode }) {
  const [value, setValue] = useState(translation);
  useEffect(() => {
    const update = () => setValue(translation());
    const stop = onLanguageChange(update);
    update();
    return stop;
  }, []);
  return <TranslationContext value={value}>{children}</TranslationContext>;
}

export function useTranslation(): Translation {
  return useContext(TranslationContext) ?? translation();
}
