import { useTranslation } from '../../i18n/useTranslation.tsx';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import type { Application } from '@atelier/shared';
import { queryKeys } from '../../api/keys.ts';
import { CardPage } from '../../components/Page.tsx';
import { RoleLabel } from '../../components/RoleLabel.tsx';
import { useDateFormat } from '../../components/useDateFormat.ts';
import { Quote } from '../../components/Quote.tsx';

export function ApplicationState({
  application,
  reapplyAt,
}: {
  application: Application;
  reapplyAt: string | null;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const format = useDateFormat();

  if (application.state === 'pending') {
    return (
      <CardPage title={t('application.title')} width="medium" spacing={1.5} alignStart>
        <HourglassTopIcon color="primary" sx={{ fontSize: 40 }} aria-hidden />
        <Typography variant="h6" component="h2">
          {t('application.pendingTitle')}
        </Typography>
        <Typography color="text.secondary">
          {t('application.submittedOn', { date: format.dateTime(application.createdAt) })}
        </Typography>
        <Typography color="text.secondary">{t('application.pendingNote')}</Typography>
      </CardPage>
    );
  }

  if (application.state === 'rejected') {
    return (
      <CardPage title={t('application.title')} width="medium" spacing={1.5}>
        <Typography variant="h6" component="h2">
          {t('application.rejectedTitle')}
        </Typography>
        {application.decisionNote ? (
          <>
            <Typography color="text.secondary">{t('application.moderatorNote')}</Typography>
            <Quote>{application.decisionNote}</Quote>
          </>
        ) : null}
        {reapplyAt ? (
          <Typography>{t('application.reapplyOn', { date: format.date(reapplyAt) })}</Typography>
        ) : null}
      </CardPage>
    );
  }

  // Approved: the current user will carry the new role on its next load.
  return (
    <CardPage title={t('application.title')} width="medium" spacing={1.5} alignStart>
      <Typography variant="h6" component="h2">
        {t('application.approvedTitle')}
      </Typography>
      {application.grantedRole ? (
        <RoleLabel role={application.grantedRole} variant="body1" />
      ) : null}
      <Button
        variant="contained"
        onClick={() => void queryClient.invalidateQueries({ queryKey: queryKeys.me })}
      >
        {t('auth.continue')}
      </Button>
    </CardPage>
  );
}
