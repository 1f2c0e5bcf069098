/** Sets a new password with the token of the reset link, then goes to /login. */
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { limits, resetPasswordSchema } from '@atelier/shared';
import { authApi } from '../../api/auth.ts';
import { useSnackbar } from '../../app/feedback/context.ts';
import { issuesToFieldErrors } from '../../components/errors.ts';
import { FormCard } from '../../components/FormCard.tsx';
import { FormError } from '../../components/FormError.tsx';
import { Page } from '../../components/Page.tsx';
import { useFieldErrors } from '../../components/useFieldErrors.ts';

export function ResetPassword({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const [password, setPassword] = useState('');
  const fields = useFieldErrors();
  const reset = useMutation({
    mutationFn: (newPassword: string) => authApi.resetPassword(token, newPassword),
    onSuccess: async () => {
      snackbar({ message: t('auth.passwordChanged'), color: 'success' });
      await navigate('/login', { replace: true });
    },
    onError: (err) => {
      fields.fromServer(err);
    },
  });

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const parsed = resetPasswordSchema.safeParse({ token: token || ' ', password });
    if (!parsed.success) {
      fields.setErrors(issuesToFieldErrors(parsed.error.issues));
      return;
    }
    fields.clear();
    reset.mutate(parsed.data.password);
  };

  const error = fields.message('password') ?? fields.message('newPassword');
  return (
    <Page title={t('auth.resetTitle')} intro={t('auth.resetIntro')} narrow>
      <FormCard onSubmit={submit}>
        <FormError error={reset.error} />
        <TextField
          label={t('fields.newPassword')}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            fields.clear('password');
            fields.clear('newPassword');
          }}
          error={Boolean(error)}
          helperText={error ?? t('register.passwordHint', { min: limits.passwordMin })}
        />
        <Button type="submit" variant="contained" size="large" disabled={reset.isPending}>
          {t('auth.resetSubmit')}
        </Button>
        <Link component={RouterLink} to="/reset-password" variant="body2">
          {t('auth.requestNewLink')}
        </Link>
      </FormCard>
    </Page>
  );
}
