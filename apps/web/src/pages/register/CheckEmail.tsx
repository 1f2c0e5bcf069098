import { useTranslation } from '../../i18n/useTranslation.tsx';
import { Trans } from '../../i18n/Trans.tsx';
import { useMutation } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import { authApi } from '../../api/auth.ts';
import { useSnackbar } from '../../app/feedback/context.ts';
import { translateError } from '../../components/errors.ts';
import { CardPage } from '../../components/Page.tsx';
import { ApiError } from '../../api/client.ts';

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
      <MarkEmailUnreadIcon color="primary" sx={{ fontSize: 40 }} aria-hidden />
      <Typography sx={{ overflowWrap: 'anywhere' }}>
        <Trans
          i18nKey="register.checkBody"
          values={{ email }}
          components={{ strong: <strong /> }}
        />
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('register.checkNote')}
      </Typography>
      <Button variant="outlined" onClick={() => resend.mutate()} disabled={resend.isPending}>
        {t('register.resend')}
      </Button>
    </CardPage>
  );
}
