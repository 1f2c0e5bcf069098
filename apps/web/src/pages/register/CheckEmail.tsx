import { useTranslation } from '../../i18n/useTranslation.tsx';
import { Trans } from '../../i18n/Trans.tsx';
import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../api/auth.ts';
import { useSnackbar } from '../../app/feedback/context.ts';
import { translateError } from '../../components/errors.ts';
import { CardPage } from '../../components/Page.tsx';
import { ApiError } from '../../api/client.ts';
import shell from '../../app/shell/shell.module.css';
import { MaterialIcon } from '../../components/MaterialIcon.tsx';
import css from './CheckEmail.module.css';

export function CheckEmail({ email }: { email: string }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const resend = useMutation({
    mutationFn: () => authApi.sendVerificationEmail(email),
    onSuccess: () => snackbar({ message: t('register.resent', { email }), color: 'success' }),
    onError: (err) =>
      snackbar({
        message: translateError(t, err instanceof ApiError ? err.code : null),
        color: 'error',
      }),
  });

  return (
    <CardPage title={t('register.checkTitle')} narrow alignStart>
      <span className={css.icon}>
        <MaterialIcon name="markEmailUnread" size="inherit" />
      </span>
      <p className={css.body}>
        <Trans
          i18nKey="register.checkBody"
          values={{ email }}
          components={{ strong: <strong /> }}
        />
      </p>
      <p className={css.note}>{t('register.checkNote')}</p>
      <button
        type="button"
        className={shell.outlinedMedium}
        onClick={() => resend.mutate()}
        disabled={resend.isPending}
      >
        {t('register.resend')}
      </button>
    </CardPage>
  );
}
