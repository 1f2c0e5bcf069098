import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import { limits, rejectApplicationSchema, type Application } from '@atelier/shared';
import {
  useApplications,
  useApproveApplication,
  useRejectApplication,
} from '../../api/applications.ts';
import { useBanUser } from '../../api/users.ts';
import { useSnackbar } from '../../app/feedback/context.ts';
import { ApplicationCard, type CardAction } from './ApplicationCard.tsx';
import { ApproveDialog } from './ApproveDialog.tsx';
import { TabList } from './TabList.tsx';
import { BanDialog, ReasonDialog } from '../../components/ReasonDialog.tsx';

export function PendingApplications() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const list = useApplications('pending');
  const approve = useApproveApplication();
  const reject = useRejectApplication();
  const ban = useBanUser();
  const [open, setOpen] = useState<{ action: CardAction; application: Application } | null>(null);
  const close = () => setOpen(null);
  /** A dialog's submit: the request, then the success message (a failure stays in the dialog). */
  const submit =
    <T,>(send: (value: T) => Promise<unknown>, done: string) =>
    async (value: T) => {
      await send(value);
      snackbar({ message: done, color: 'success' });
    };

  return (
    <>
      <TabList query={list} empty={t('applications.empty')}>
        {(application) => (
          <ApplicationCard
            key={application.id}
            application={application}
            onAction={(action) => setOpen({ action, application })}
          />
        )}
      </TabList>
      {open?.action === 'approve' ? (
        <ApproveDialog
          application={open.application}
          onClose={close}
          onSubmit={submit(
            (grantedRole) => approve.mutateAsync({ id: open.application.id, grantedRole }),
            t('applications.approved'),
          )}
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
          onSubmit={submit(
            (note) => reject.mutateAsync({ id: open.application.id, note }),
            t('applications.rejected'),
          )}
        />
      ) : null}
      {open?.action === 'ban' ? (
        <BanDialog
          id="ban"
          title={t('applications.banTitle', { username: open.application.applicant.username })}
          description={t('applications.banText')}
          label={t('applications.reason')}
          confirmText={t('applications.ban')}
          onClose={close}
          onSubmit={submit(
            (reason) => ban.mutateAsync({ id: open.application.applicant.id, reason }),
            t('applications.banned'),
          )}
        />
      ) : null}
    </>
  );
}
