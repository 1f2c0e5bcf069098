import { useTranslation } from '../i18n/useTranslation.tsx';
import type { TOptions } from '../i18n/translate.ts';
import { generalErrorCode, translateError } from './errors.ts';
import { Notice } from './Notice.tsx';

/** The error of a failed submit that is not tied to a field, in the current language. */
export function FormError({ error, params }: { error: unknown; params?: TOptions }) {
  const { t } = useTranslation();
  const code = generalErrorCode(error);
  if (!code) return null;
  return <Notice severity="error">{translateError(t, code, params)}</Notice>;
}
