/**
 * /application: the form when there is no application yet (or the last was rejected and the
 * waiting time has passed), otherwise the state of the last one.
 */
import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import Alert from '@mui/material/Alert';
import { useMyApplication } from '../../api/applications.ts';
import { ApiError } from '../../api/client.ts';
import { translateError } from '../../components/errors.ts';
import { Page } from '../../components/Page.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { ApplicationForm } from './ApplicationForm.tsx';
import { ApplicationState } from './ApplicationState.tsx';

export default function ApplicationPage() {
  const { t } = useTranslation();
  const mine = useMyApplication();
  const [openedAt] = useState(Date.now);

  if (mine.isPending) return <PageSpinner />;
  if (mine.isError) {
    return (
      <Page title={t('application.title')} width="medium">
        <Alert severity="error">
          {translateError(t, mine.error instanceof ApiError ? mine.error.code : null)}
        </Alert>
      </Page>
    );
  }

  const { application, reapplyAt } = mine.data;
  const mayApply =
    !application ||
    (application.state === 'rejected' && reapplyAt !== null && Date.parse(reapplyAt) <= openedAt);
  if (mayApply) return <ApplicationForm previous={application} />;
  return <ApplicationState application={application} reapplyAt={reapplyAt} />;
}
