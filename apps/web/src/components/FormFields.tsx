/**
 * The text fields the sign-in, registration, reset and account forms share, each with its label,
 * type and autocomplete: spread `form.field(name, hint?)` of `useZodForm` into them.
 */
import { useState } from 'react';
import { useTranslation } from '../i18n/useTranslation.tsx';
import { TextInput, type TextInputProps } from './TextInput.tsx';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';

/** An e-mail address, labelled "E-mail". */
export function EmailField(props: TextInputProps) {
  const { t } = useTranslation();
  return <TextInput label={t('fields.email')} type="email" autoComplete="email" {...props} />;
}

/**
 * A password, labelled "Password" unless told otherwise, with a button that shows or hides what
 * was typed (a toggle: its name stays, `aria-pressed` says whether the password shows).
 */
export function PasswordField({
  autoComplete = 'current-password',
  ...props
}: Omit<TextInputProps, 'type'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      label={t('fields.password')}
      autoComplete={autoComplete}
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={t('fields.showPassword')}
                aria-pressed={visible}
                onClick={() => setVisible((v) => !v)}
                edge="end"
              >
                {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
