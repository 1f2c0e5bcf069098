/**
 * /account → "Your data": download everything as a ZIP, and delete the account (password, what
 * becomes of the content, a grace period during which signing in offers to cancel).
 */
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
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
import { issuesToFieldErrors, serverFieldErrors } from '../../components/errors.ts';
import { FormError } from '../../components/FormError.tsx';
import { useDateFormat } from '../../components/useDateFormat.ts';
import { useFieldErrors } from '../../components/useFieldErrors.ts';
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
  const [password, setPassword] = useState('');
  const [mode, setMode] = useState<AccountDeletionMode | ''>('');
  const fields = useFieldErrors();
  const request = useRequestDeletion();

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const parsed = accountDeletionSchema.safeParse({ password, mode });
    if (!parsed.success) {
      fields.setErrors(issuesToFieldErrors(parsed.error.issues));
      return;
    }
    fields.clear();
    request.mutate(parsed.data, {
      onSuccess: (user) => {
        // Every session ended on the server: this tab is signed out too.
        void queryClient.cancelQueries();
        queryClient.setQueryData(queryKeys.me, null);
        queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.me[0] });
        snackbar({
          message: t('ownData.requested', { date: date(user.deletionScheduledTimestamp ?? '') }),
          color: 'success',
        });
        void navigate('/login', { replace: true });
      },
      onError: (err) => fields.setErrors(serverFieldErrors(err)),
    });
  };

  const generalError = fields.message('password') ? null : request.error;
  return (
    <form noValidate onSubmit={submit} aria-labelledby="account-delete-title">
      <Stack spacing={2}>
        <Typography id="account-delete-title" variant="subtitle1" component="h3">
          {t('ownData.deleteTitle')}
        </Typography>
        <Typography>{t('ownData.deleteIntro', { days: ACCOUNT_DELETION_GRACE_DAYS })}</Typography>
        <FormError error={generalError} />
        <FormControl error={Boolean(fields.message('mode'))}>
          <FormLabel id="account-delete-mode">{t('ownData.modeLabel')}</FormLabel>
          <RadioGroup
            aria-labelledby="account-delete-mode"
            value={mode}
            onChange={(e) => {
              setMode(e.target.value as AccountDeletionMode);
              fields.clear('mode');
            }}
          >
            <FormControlLabel value="keep" control={<Radio />} label={t('ownData.modeKeep')} />
            <FormControlLabel value="remove" control={<Radio />} label={t('ownData.modeRemove')} />
          </RadioGroup>
          {fields.message('mode') ? (
            <Typography variant="caption" color="error">
              {fields.message('mode')}
            </Typography>
          ) : null}
        </FormControl>
        <TextField
          label={t('fields.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            fields.clear('password');
          }}
          error={Boolean(fields.message('password'))}
          helperText={fields.message('password')}
        />
        <div>
          <Button type="submit" variant="contained" color="error" disabled={request.isPending}>
            {t('ownData.delete')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
