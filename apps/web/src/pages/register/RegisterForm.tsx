import { useState, type ChangeEvent, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { limits, registerSchema, type RegisterInput } from '@atelier/shared';
import { authApi } from '../../api/auth.ts';
import { queryKeys } from '../../api/keys.ts';
import { issuesToFieldErrors } from '../../components/errors.ts';
import { FormCard } from '../../components/FormCard.tsx';
import { FormError } from '../../components/FormError.tsx';
import { Page } from '../../components/Page.tsx';
import { useFieldErrors } from '../../components/useFieldErrors.ts';
import { currentLanguage } from '../../i18n/index.ts';

export function RegisterForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ username: '', email: '', password: '' });
  const fields = useFieldErrors();
  const register = useMutation({
    mutationFn: (input: RegisterInput) => authApi.register(input),
    // Registered and signed in, not verified: /api/me now says so and the page shows the next step.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.me }),
    onError: fields.fromServer,
  });

  const set = (name: keyof typeof values) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [name]: event.target.value }));
    fields.clear(name);
  };

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const parsed = registerSchema.safeParse({ ...values, language: currentLanguage() });
    if (!parsed.success) {
      fields.setErrors(issuesToFieldErrors(parsed.error.issues));
      return;
    }
    fields.clear();
    register.mutate(parsed.data);
  };

  const field = (name: keyof typeof values, hint?: string) => ({
    value: values[name],
    onChange: set(name),
    error: Boolean(fields.message(name)),
    helperText: fields.message(name) ?? hint,
  });

  return (
    <Page title={t('register.title')} intro={t('register.intro')} narrow>
      <FormCard onSubmit={submit}>
        <FormError error={register.error} />
        <TextField
          label={t('fields.username')}
          autoComplete="username"
          {...field(
            'username',
            t('register.usernameHint', { min: limits.usernameMin, max: limits.usernameMax }),
          )}
        />
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          {...field('email')}
        />
        <TextField
          label={t('fields.password')}
          type="password"
          autoComplete="new-password"
          {...field('password', t('register.passwordHint', { min: limits.passwordMin }))}
        />
        <Button type="submit" variant="contained" size="large" disabled={register.isPending}>
          {t('register.submit')}
        </Button>
        <Typography variant="body2">
          {t('register.haveAccount')}{' '}
          <Link component={RouterLink} to="/login">
            {t('register.loginLink')}
          </Link>
        </Typography>
      </FormCard>
    </Page>
  );
}
