/**
 * /account → "Your data": download everything as a ZIP, and delete the account (password, what
 * becomes of the content, a grace period during which signing in offers to cancel).
 */
import { useTranslation } from '../../i18n/useTranslation.tsx';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ACCOUNT_DELETION_GRACE_DAYS,
  accountDeletionSchema,
  type AccountDeletionMode,
  type CurrentUser,
} from '@atelier/shared';
import { queryKeys } from '../../api/keys.ts';
import { exportUrl, useCancelDeletion, useRequestDeletion } from '../../api/me.ts';
import { useSnackbar } from '../../app/feedback/context.ts';
import { FormError } from '../../components/FormError.tsx';
import { PasswordField } from '../../components/FormFields.tsx';
import { RadioField } from '../../components/RadioField.tsx';
import { useDateFormat } from '../../components/useDateFormat.ts';
import { useZodForm } from '../../components/useZodForm.ts';
import { Section } from './Section.tsx';

export function DataSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  return (
    <Section id="account-data" title={t('ownData.title')}>
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Typography>{t('ownData.exportIntro')}</Typography>
        <Button variant="outlined" component="a" href={exportUrl} download>
          {t('ownData.export')}
        </Button>
      </Stack>
      {user.deletionScheduledTimestamp ? <ScheduledDeletion user={user} /> : <DeletionForm />}
    </Section>
  );
}

function ScheduledDeletion({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const { date } = useDateFormat();
  const cancel = useCancelDeletion();
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="subtitle1" component="h3">
        {t('ownData.deleteTitle')}
      </Typography>
      <Alert severity="warning" sx={{ width: '100%' }}>
        {t('ownData.scheduled', { date: date(user.deletionScheduledTimestamp ?? '') })}
      </Alert>
      <FormError error={cancel.error} />
      <Button variant="contained" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
        {t('ownData.cancelDeletion')}
      </Button>
    </Stack>
  );
}

function DeletionForm() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { date } = useDateFormat();
  const form = useZodForm(accountDeletionSchema, {
    password: '',
    mode: '' as AccountDeletionMode,
  });
  const request = useRequestDeletion();
  const submit = form.submit(async (input) => {
    const user = await request.mutateAsync(input);
    // Every session ended on the server: this tab is signed out too.
    void queryClient.cancelQueries();
    queryClient.setQueryData(queryKeys.me, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.me[0] });
    snackbar({
      message: t('ownData.requested', { date: date(user.deletionScheduledTimestamp ?? '') }),
      color: 'success',
    });
    void navigate('/login', { replace: true });
  });
  const modeMessage = form.message('mode');

  return (
    <form noValidate onSubmit={submit} aria-labelledby="account-delete-title">
      <Stack spacing={2}>
        <Typography id="account-delete-title" variant="subtitle1" component="h3">
          {t('ownData.deleteTitle')}
        </Typography>
        <Typography>{t('ownData.deleteIntro', { days: ACCOUNT_DELETION_GRACE_DAYS })}</Typography>
        <FormError error={form.error} />
        <RadioField
          control={form.control}
          name="mode"
          labelId="account-delete-mode"
          label={t('ownData.modeLabel')}
          options={[
            { value: 'keep', label: t('ownData.modeKeep') },
            { value: 'remove', label: t('ownData.modeRemove') },
          ]}
          error={Boolean(modeMessage)}
        >
          {modeMessage ? (
            <Typography variant="caption" color="error">
              {modeMessage}
            </Typography>
          ) : null}
        </RadioField>
        <PasswordField {...form.field('password')} />
        <div>
          <Button type="submit" variant="contained" color="error" disabled={form.pending}>
            {t('ownData.delete')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
