/** /reset-password: ask for a link by e-mail. The answer never says whether the account exists. */
import { useTranslation } from '../../i18n/useTranslation.tsx';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import { authApi } from '../../api/auth.ts';
import { useMe } from '../../api/me.ts';
import { EmailRequestForm } from '../../components/EmailRequestForm.tsx';
import { Page } from '../../components/Page.tsx';

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const me = useMe().data;
  return (
    <Page title={t('resetPassword.title')} intro={t('resetPassword.intro')} narrow>
      <EmailRequestForm
        send={authApi.requestPasswordReset}
        sentMessage={(email) => t('resetPassword.sent', { email })}
        submitLabel={(sent) => (sent ? t('resetPassword.sendAgain') : t('resetPassword.submit'))}
        footer={
          me ? null : (
            <Link component={RouterLink} to="/login" variant="body2">
              {t('resetPassword.backToLogin')}
            </Link>
          )
        }
      />
    </Page>
  );
}
