import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { signInSchema } from '@atelier/shared';
import { authApi } from '../../api/auth.ts';
import { queryKeys } from '../../api/keys.ts';
import { issuesToFieldErrors } from '../../components/errors.ts';
import { FormCard } from '../../components/FormCard.tsx';
import { FormError } from '../../components/FormError.tsx';
import { Page } from '../../components/Page.tsx';
import { useFieldErrors } from '../../components/useFieldErrors.ts';

export default function LoginPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const fields = useFieldErrors();
  const signIn = useMutation({
    mutationFn: (input: { email: string; password: string }) =>
      authApi.signIn(input.email, input.password),
    // The guard then sends the person where their state allows (/, /application, /register…).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.me }),
    onError: fields.fromServer,
  });

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const parsed = signInSchema.safeParse({ email, password });
    if (!parsed.success) {
      fields.setErrors(issuesToFieldErrors(parsed.error.issues));
      return;
    }
    fields.clear();
    signIn.mutate(parsed.data);
  };

  return (
    <Page title={t('login.title')} intro={t('login.intro')} narrow>
      <FormCard onSubmit={submit}>
        <FormError error={signIn.error} />
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
        <TextField
          label={t('fields.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            fields.clear('password');
          }}
          error={Boolean(fields.message('password'))}
          helperText={fields.message('password')}
        />
        <Button type="submit" variant="contained" size="large" disabled={signIn.isPending}>
          {t('login.submit')}
        </Button>
        <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Typography variant="body2">
            {t('login.noAccount')}{' '}
            <Link component={RouterLink} to="/register">
              {t('login.registerLink')}
            </Link>
          </Typography>
          <Link component={RouterLink} to="/reset-password" variant="body2">
            {t('login.forgot')}
          </Link>
        </Stack>
      </FormCard>
    </Page>
  );
}
