import { useState, type ChangeEvent, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { changePasswordSchema, limits } from '@atelier/shared';
import { authApi } from '../../api/auth.ts';
import { ApiError } from '../../api/client.ts';
import { useSnackbar } from '../../app/feedback/context.ts';
import { issuesToFieldErrors, serverFieldErrors } from '../../components/errors.ts';
import { FormError } from '../../components/FormError.tsx';
import { useFieldErrors } from '../../components/useFieldErrors.ts';
import { Section } from './Section.tsx';

/** Better Auth answers a wrong current password with INVALID_PASSWORD: show it on that field. */
const wrongCurrent = 'errors.auth.INVALID_PASSWORD';

export function PasswordSection() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const [values, setValues] = useState({ currentPassword: '', newPassword: '' });
  const fields = useFieldErrors();
  const change = useMutation({
    mutationFn: (v: typeof values) => authApi.changePassword(v.currentPassword, v.newPassword),
    onSuccess: () => {
      setValues({ currentPassword: '', newPassword: '' });
      snackbar({ message: t('account.passwordChanged'), color: 'success' });
    },
    onError: (err) => {
      if (err instanceof ApiError && err.code === wrongCurrent)
        fields.setErrors({ currentPassword: wrongCurrent });
      else fields.setErrors(serverFieldErrors(err));
    },
  });

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const parsed = changePasswordSchema.safeParse(values);
    if (!parsed.success) {
      fields.setErrors(issuesToFieldErrors(parsed.error.issues));
      return;
    }
    fields.clear();
    change.mutate(parsed.data);
  };

  const field = (name: keyof typeof values) => ({
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      fields.clear(name);
    },
    error: Boolean(fields.message(name)),
  });

  const generalError =
    change.error instanceof ApiError && change.error.code === wrongCurrent ? null : change.error;
  return (
    <Section id="account-password" title={t('account.passwordTitle')}>
      <form noValidate onSubmit={submit}>
        <Stack spacing={2.5}>
          <FormError error={generalError} />
          <TextField
            label={t('fields.currentPassword')}
            type="password"
            autoComplete="current-password"
            helperText={fields.message('currentPassword')}
            {...field('currentPassword')}
          />
          <TextField
            label={t('fields.newPassword')}
            type="password"
            autoComplete="new-password"
            helperText={
              fields.message('newPassword') ??
              t('register.passwordHint', { min: limits.passwordMin })
            }
            {...field('newPassword')}
          />
          <div>
            <Button type="submit" variant="contained" disabled={change.isPending}>
              {t('account.changePassword')}
            </Button>
          </div>
        </Stack>
      </form>
    </Section>
  );
}
