/** Sets a new password with the token of the reset link, then goes to /login. */
import { useTranslation } from '../../i18n/useTranslation.tsx';
import { Link as RouterLink, useNavigate } from 'react-router';
import { limits, resetPasswordSchema } from '@atelier/shared';
import { authApi } from '../../api/auth.ts';
import { useSnackbar } from '../../app/feedback/context.ts';
import { PasswordField } from '../../components/FormFields.tsx';
import css from '../../components/formFooter.module.css';
import { Page } from '../../components/Page.tsx';
import { useZodForm } from '../../components/useZodForm.ts';
import { ZodFormCard } from '../../components/ZodFormCard.tsx';

/** Better Auth names the field `newPassword`; on this form it is `password`. */
const onPassword = ({ newPassword, ...rest }: Record<string, string>) =>
  newPassword ? { password: newPassword, ...rest } : rest;

export function ResetPassword({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  // A missing token is the server's to refuse (INVALID_TOKEN), not a field of this form.
  const form = useZodForm(
    resetPasswordSchema,
    { token: token || ' ', password: '' },
    { serverFields: onPassword },
  );
  const submit = form.submit(async ({ password }) => {
    await authApi.resetPassword(token, password);
    snackbar({ message: t('auth.passwordChanged'), color: 'success' });
    await navigate('/login', { replace: true });
  });

  return (
    <Page title={t('auth.resetTitle')} intro={t('auth.resetIntro')} narrow>
      <ZodFormCard
        form={form}
        onSubmit={submit}
        submitLabel={t('auth.resetSubmit')}
        footer={
          <RouterLink className={`${css.link} ${css.body2}`} to="/reset-password">
            {t('auth.requestNewLink')}
          </RouterLink>
        }
      >
        <PasswordField
          label={t('fields.newPassword')}
          autoComplete="new-password"
          {...form.field('password', t('register.passwordHint', { min: limits.passwordMin }))}
        />
      </ZodFormCard>
    </Page>
  );
}
