/**
 * Client-side and server-side field errors of one form, as translation keys. `message(name)`
 * gives the translated text for a field (or undefined), ready for a TextField's helperText.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors, translateError, type FieldErrors } from './errors.ts';

export function useFieldErrors() {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<FieldErrors>({});

  const fromServer = useCallback((err: unknown) => setErrors(serverFieldErrors(err)), []);
  const clear = useCallback((name?: string) => {
    setErrors((prev) => {
      if (name === undefined) return {};
      if (!(name in prev)) return prev;
      return Object.fromEntries(Object.entries(prev).filter(([key]) => key !== name));
    });
  }, []);
  const message = (name: string): string | undefined => {
    const key = errors[name];
    return key ? translateError(t, key) : undefined;
  };

  return { errors, setErrors, fromServer, clear, message };
}
