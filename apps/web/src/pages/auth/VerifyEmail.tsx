/**
 * Verifies the e-mail address with the token of the link (once, even under StrictMode), then
 * "Continue" reloads the current user and lets the guard choose the next page. The verification
 * signs the person in: before the success is shown, the interface takes the language stored on
 * their account (the seed's language sync), so a link opened in another browser is not shown in
 * that browser's language.
 */
import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { authApi } from '../../api/auth.ts';
import { ApiError } from '../../api/client.ts';
import { queryKeys } from '../../api/keys.ts';
import { fetchMe } from '../../api/me.ts';
import { EmailRequestForm } from '../../components/EmailRequestForm.tsx';
import { translateError } from '../../components/errors.ts';
import { CardPage, Page } from '../../components/Page.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { currentLanguage, setLanguage } from '../../i18n/index.ts';

export function VerifyEmail({ token }: { token: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [continuing, setContinuing] = useState(false);
  const verification = useQuery({
    queryKey: ['verifyEmail', token],
    queryFn: async () => {
      const verified = await authApi.verifyEmail(token);
      const user = await queryClient
        .query({
          queryKey: queryKeys.me,
          queryFn: ({ signal }) => fetchMe(signal),
          staleTime: 0,
        })
        .catch(() => null);
      if (user?.language && user.language !== currentLanguage()) await setLanguage(user.language);
      return verified;
    },
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

  const proceed = async () => {
    setContinuing(true);
    await queryClient.invalidateQueries({ queryKey: queryKeys.me });
    await navigate('/', { replace: true });
  };

  if (token && verification.isPending) {
    return (
      <Page title={t('auth.verifyTitle')} narrow>
        <PageSpinner />
      </Page>
    );
  }

  if (verification.isSuccess) {
    return (
      <CardPage title={t('auth.verifyTitle')} narrow alignStart>
        <CheckCircleIcon color="success" sx={{ fontSize: 40 }} aria-hidden />
        <Typography>{t('auth.verified')}</Typography>
        <Button variant="contained" onClick={() => void proceed()} disabled={continuing}>
          {t('auth.continue')}
        </Button>
      </CardPage>
    );
  }

  const code =
    verification.error instanceof ApiError ? verification.error.code : 'errors.auth.INVALID_TOKEN';
  return (
    <Page title={t('auth.verifyTitle')} narrow>
      <Alert severity="error">{translateError(t, code)}</Alert>
      <ResendVerification />
    </Page>
  );
}

function ResendVerification() {
  const { t } = useTranslation();
  return (
    <EmailRequestForm
      send={authApi.sendVerificationEmail}
      sentMessage={(email) => t('register.resent', { email })}
      submitLabel={() => t('register.resend')}
      secondary
      intro={<Typography>{t('auth.resendIntro')}</Typography>}
    />
  );
}
