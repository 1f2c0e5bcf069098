/** Ban (with a reason, in a dialog) or unban (after a confirmation) from the profile. */
import { useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.tsx';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { UserProfile } from '@atelier/shared';
import { isApiError } from '../../../api/client.ts';
import { useBanFromProfile, useUnbanFromProfile } from '../../../api/moderation.ts';
import { useConfirm, useSnackbar } from '../../../app/feedback/context.ts';
import { translateError } from '../../../components/errors.ts';
import { BanDialog } from '../../../components/ReasonDialog.tsx';

export function BanControl({ profile, self }: { profile: UserProfile; self: boolean }) {
  const { t } = useTranslation();
  const ban = useBanFromProfile();
  const unban = useUnbanFromProfile();
  const confirm = useConfirm();
  const snackbar = useSnackbar();
  const [open, setOpen] = useState(false);
  const { username } = profile;

  const askUnban = async () => {
    const ok = await confirm({
      title: t('moderation.ban.unbanTitle', { username }),
      message: t('moderation.ban.unbanText'),
      confirmText: t('moderation.ban.unban'),
      confirmColor: 'primary',
    });
    if (!ok) return;
    unban.mutate(profile.id, {
      onSuccess: () =>
        snackbar({ message: t('moderation.ban.unbanned', { username }), color: 'success' }),
      onError: (err) =>
        snackbar({ message: translateError(t, isApiError(err) ? err.code : null), color: 'error' }),
    });
  };

  return (
    <Stack spacing={1.5}>
      {profile.isBanned ? (
        <>
          <Alert severity="warning" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {t('moderation.ban.bannedFor', { reason: profile.banReason ?? '' })}
          </Alert>
          <Button
            variant="outlined"
            onClick={() => void askUnban()}
            disabled={unban.isPending}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('moderation.ban.unban')}
          </Button>
        </>
      ) : self ? null : (
        <Button
          color="error"
          variant="outlined"
          onClick={() => setOpen(true)}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('moderation.ban.ban')}
        </Button>
      )}
      {open ? (
        <BanDialog
          id="profile-ban"
          title={t('moderation.ban.banTitle', { username })}
          description={t('moderation.ban.banText')}
          label={t('moderation.ban.reason')}
          confirmText={t('moderation.ban.title')}
          onClose={() => setOpen(false)}
          onSubmit={async (reason) => {
            await ban.mutateAsync({ id: profile.id, reason });
            snackbar({ message: t('moderation.ban.banned', { username }), color: 'success' });
          }}
        />
      ) : null}
    </Stack>
  );
}
