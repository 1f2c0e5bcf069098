import { useTranslation } from '../../i18n/useTranslation.tsx';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ApiError } from '../../api/client.ts';
import type { BannedUser } from '@atelier/shared';
import { useBannedUsers, useUnbanUser } from '../../api/users.ts';
import { useConfirm, useSnackbar } from '../../app/feedback/context.ts';
import { translateError } from '../../components/errors.ts';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { TabList } from './TabList.tsx';

export function BannedUsers() {
  const { t } = useTranslation();
  const list = useBannedUsers();
  const unban = useUnbanUser();
  const confirm = useConfirm();
  const snackbar = useSnackbar();

  const askUnban = async (user: BannedUser) => {
    const ok = await confirm({
      title: t('applications.unbanTitle', { username: user.username }),
      message: t('applications.unbanText'),
      confirmText: t('applications.unban'),
      confirmColor: 'primary',
    });
    if (!ok) return;
    unban.mutate(user.id, {
      onSuccess: () => snackbar({ message: t('applications.unbanned'), color: 'success' }),
      onError: (err) =>
        snackbar({
          message: translateError(t, err instanceof ApiError ? err.code : null),
          color: 'error',
        }),
    });
  };

  return (
    <TabList query={list} empty={t('applications.noBanned')}>
      {(user) => (
        <Card
          key={user.id}
          variant="outlined"
          component="article"
          aria-labelledby={`banned-${user.id}`}
        >
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ alignItems: { sm: 'center' } }}
            >
              <Stack
                direction="row"
                spacing={1.5}
                sx={{ alignItems: 'center', flexGrow: 1, minWidth: 0 }}
              >
                <UserAvatar username={user.username} avatarPath={user.avatarPath} />
                <Box sx={{ minWidth: 0 }}>
                  <Typography
                    id={`banned-${user.id}`}
                    variant="subtitle1"
                    component="h2"
                    sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                  >
                    {user.username}
                  </Typography>
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
                  >
                    {t('applications.banReason', { reason: user.banReason })}
                  </Typography>
                </Box>
              </Stack>
              <Button
                variant="outlined"
                onClick={() => void askUnban(user)}
                disabled={unban.isPending}
                sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
              >
                {t('applications.unban')}
              </Button>
            </Stack>
          </CardContent>
        </Card>
      )}
    </TabList>
  );
}
