/**
 * Avatar upload (multipart field `file`) and removal. The size is checked in the browser first
 * with the shared upload rule, so a 40 MB photo is refused before it is sent.
 */
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadIcon from '@mui/icons-material/Upload';
import { checkUpload, type CurrentUser } from '@atelier/shared';
import { ApiError } from '../../api/client.ts';
import { useDeleteAvatar, useUploadAvatar } from '../../api/me.ts';
import { useSnackbar } from '../../app/feedback/context.ts';
import { translateError } from '../../components/errors.ts';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { Section } from './Section.tsx';

const accepted = 'image/png,image/jpeg,image/webp,image/gif';

export function AvatarSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadAvatar();
  const remove = useDeleteAvatar();
  const busy = upload.isPending || remove.isPending;

  const failed = (err: unknown) =>
    setError(translateError(t, err instanceof ApiError ? err.code : null));

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    const check = checkUpload(file);
    if (!check.ok) {
      setError(t('account.avatarTooLarge', { size: check.sizeMb, max: check.maxMb }));
      return;
    }
    upload.mutate(file, {
      onSuccess: () => snackbar({ message: t('account.avatarSaved'), color: 'success' }),
      onError: failed,
    });
  };

  return (
    <Section id="account-avatar" title={t('account.avatarTitle')}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={3}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <UserAvatar username={user.username} avatarPath={user.avatarPath} size={96} />
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <input ref={input} id={inputId} type="file" accept={accepted} hidden onChange={onFile} />
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button
              variant="contained"
              startIcon={<UploadIcon />}
              onClick={() => input.current?.click()}
              disabled={busy}
            >
              {t('account.avatarUpload')}
            </Button>
            {user.avatarPath ? (
              <Button
                color="error"
                onClick={() => {
                  setError(null);
                  remove.mutate(undefined, {
                    onSuccess: () =>
                      snackbar({ message: t('account.avatarRemoved'), color: 'success' }),
                    onError: failed,
                  });
                }}
                disabled={busy}
              >
                {t('account.avatarRemove')}
              </Button>
            ) : null}
          </Stack>
          <Typography
            variant="body2"
            color={error ? 'error' : 'text.secondary'}
            role={error ? 'alert' : undefined}
          >
            {error ?? t('account.avatarHint')}
          </Typography>
        </Stack>
      </Stack>
    </Section>
  );
}
