import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { banSchema, limits, rejectApplicationSchema, type Application } from '@atelier/shared';
import {
  useApplications,
  useApproveApplication,
  useRejectApplication,
} from '../../api/applications.ts';
import { ApiError } from '../../api/client.ts';
import { useBanUser } from '../../api/users.ts';
import { useSnackbar } from '../../app/feedback/context.ts';
import { translateError } from '../../components/errors.ts';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { ApplicationCard, type CardAction } from './ApplicationCard.tsx';
import { ApproveDialog } from './ApproveDialog.tsx';
import { ReasonDialog } from '../../components/ReasonDialog.tsx';

export function PendingApplications() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const list = useApplications('pending');
  const approve = useApproveApplication();
  const reject = useRejectApplication();
  const ban = useBanUser();
  const [open, setOpen] = useState<{ action: CardAction; application: Application } | null>(null);
  const close = () => setOpen(null);

  if (list.isPending) return <PageSpinner />;
  if (list.isError)
    return (
      <Alert severity="error">
        {translateError(t, list.error instanceof ApiError ? list.error.code : null)}
      </Alert>
    );

  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      {list.data.length === 0 ? (
        <Typography color="text.secondary">{t('applications.empty')}</Typography>
      ) : (
        list.data.map((application) => (
          <ApplicationCard
            key={application.id}
            application={application}
            onAction={(action) => setOpen({ action, application })}
          />
        ))
      )}
      {open?.action === 'approve' ? (
        <ApproveDialog
          application={open.application}
          onClose={close}
          onSubmit={async (grantedRole) => {
            await approve.mutateAsync({ id: open.application.id, grantedRole });
            snackbar({ message: t('applications.approved'), color: 'success' });
          }}
        />
      ) : null}
      {open?.action === 'reject' ? (
        <ReasonDialog
          id="reject"
          title={t('applications.rejectTitle', { username: open.application.applicant.username })}
          description={t('applications.rejectText')}
          label={t('applications.note')}
          field="note"
          maxLength={limits.decisionNoteMax}
          confirmText={t('applications.reject')}
          confirmColor="warning"
          schema={rejectApplicationSchema}
          onClose={close}
          onSubmit={async (note) => {
            await reject.mutateAsync({ id: open.application.id, note });
            snackbar({ message: t('applications.rejected'), color: 'success' });
          }}
        />
      ) : null}
      {open?.action === 'ban' ? (
        <ReasonDialog
          id="ban"
          title={t('applications.banTitle', { username: open.application.applicant.username })}
          description={t('applications.banText')}
          label={t('applications.reason')}
          field="reason"
          maxLength={limits.banReasonMax}
          confirmText={t('applications.ban')}
          confirmColor="error"
          schema={banSchema}
          onClose={close}
          onSubmit={async (reason) => {
            await ban.mutateAsync({ id: open.application.applicant.id, reason });
            snackbar({ message: t('applications.banned'), color: 'success' });
          }}
        />
      ) : null}
    </Stack>
  );
}
