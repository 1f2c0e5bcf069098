/**
 * The text fields the sign-in, registration, reset and account forms share, each with its label,
 * type and autocomplete: spread `form.field(name, hint?)` of `useZodForm` into them.
 */
import { useState } from 'react';
import { useTranslation } from '../i18n/useTranslation.tsx';
import shell from '../app/shell/shell.module.css';
import { MaterialIcon } from './MaterialIcon.tsx';
import { TextInput, type TextInputProps } from './TextInput.tsx';

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
      endAdornment={
        <button
          type="button"
          className={`${shell.iconButton} ${shell.active} ${shell.edgeEnd}`}
          aria-label={t('fields.showPassword')}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          <MaterialIcon name={visible ? 'visibilityOff' : 'visibility'} />
        </button>
      }
    />
  );
}
