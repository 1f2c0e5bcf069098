/** /reset-password: ask for a link by e-mail. The answer never says whether the account exists. */
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { resetRequestSchema } from '@atelier/shared';
import { authApi } from '../../api/auth.ts';
import { useMe } from '../../api/me.ts';
import { issuesToFieldErrors } from '../../components/errors.ts';
import { FormCard } from '../../components/FormCard.tsx';
import { FormError } from '../../components/FormError.tsx';
import { Page } from '../../components/Page.tsx';
import { useFieldErrors } from '../../components/useFieldErrors.ts';

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const me = useMe().data;
  const [email, setEmail] = useState(me?.email ?? '');
  const fields = useFieldErrors();
  const request = useMutation({
    mutationFn: (address: string) => authApi.requestPasswordReset(address),
    onError: fields.fromServer,
  });

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const parsed = resetRequestSchema.safeParse({ email });
    if (!parsed.success) {
      fields.setErrors(issuesToFieldErrors(parsed.error.issues));
      return;
    }
    fields.clear();
    request.mutate(parsed.data.email);
  };

  return (
    <Page title={t('resetPassword.title')} intro={t('resetPassword.intro')} narrow>
      <FormCard onSubmit={submit}>
        {request.isSuccess ? (
          <Alert severity="success" role="status">
            {t('resetPassword.sent', { email: request.variables })}
          </Alert>
        ) : null}
        <FormError error={request.error} />
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            fields.clear('email');
          }}
          error={Boolean(fields.message('email'))}
          helperText={fields.message('email')}
        />
        <Button type="submit" variant="contained" size="large" disabled={request.isPending}>
          {request.isSuccess ? t('resetPassword.sendAgain') : t('resetPassword.submit')}
        </Button>
        {me ? null : (
          <Link component={RouterLink} to="/login" variant="body2">
            {t('resetPassword.backToLogin')}
          </Link>
        )}
      </FormCard>
    </Page>
  );
}
