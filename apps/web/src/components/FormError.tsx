import { useTranslation } from '../i18n/useTranslation.tsx';
import type { TOptions } from '../i18n/translate.ts';
import Alert from '@mui/material/Alert';
import { generalErrorCode, translateError } from './errors.ts';

/** The error of a failed submit that is not tied to a field, in the current language. */
export function FormError({ error, params }: { error: unknown; params?: TOptions }) {
  const { t } = useTranslation();
  const code = generalErrorCode(error);
  if (!code) return null;
  return (
    <Alert severity="error" role="alert">
      {translateError(t, code, params)}
    </Alert>
  );
}
