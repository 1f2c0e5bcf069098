/** /auth?mode=…&token=…: the targets of the links in our mails (verify e-mail, reset password). */
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import Alert from '@mui/material/Alert';
import { Page } from '../../components/Page.tsx';
import { ResetPassword } from './ResetPassword.tsx';
import { VerifyEmail } from './VerifyEmail.tsx';

export default function AuthPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const mode = params.get('mode');
  const token = params.get('token') ?? '';
  if (mode === 'verifyEmail') return <VerifyEmail token={token} />;
  if (mode === 'resetPassword') return <ResetPassword token={token} />;
  return (
    <Page title={t('auth.invalidTitle')} narrow>
      <Alert severity="error">{t('auth.invalidLink')}</Alert>
    </Page>
  );
}
