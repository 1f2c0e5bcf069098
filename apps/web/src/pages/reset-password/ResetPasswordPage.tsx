/** /reset-password: ask for a link by e-mail. The answer never says whether the account exists. */
import { useTranslation } from '../../i18n/useTranslation.tsx';
import { Link as RouterLink } from 'react-router';
import { authApi } from '../../api/auth.ts';
import { useMe } from '../../api/me.ts';
import { EmailRequestForm } from '../../components/EmailRequestForm.tsx';
import css from '../../components/formFooter.module.css';
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
            <RouterLink className={`${css.link} ${css.body2}`} to="/login">
              {t('resetPassword.backToLogin')}
            </RouterLink>
          )
        }
      />
    </Page>
  );
}
