/** The moderator panel of a profile: ban/unban, roles, notes, accounts sharing a visitor id. */
import { useTranslation } from '../../../i18n/useTranslation.tsx';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UserProfile } from '@atelier/shared';
import { isApiError } from '../../../api/client.ts';
import { useResetDisplayedRole, useSetRoles } from '../../../api/moderation.ts';
import { useSnackbar } from '../../../app/feedback/context.ts';
import { BanControl } from './BanControl.tsx';
import { NotesPanel } from '../../../components/moderation/NotesPanel.tsx';
import { PanelSection } from '../../../components/moderation/PanelSection.tsx';
import { RolesEditor } from './RolesEditor.tsx';
import { SharedVisitors } from './SharedVisitors.tsx';

export function ModeratorPanel({ profile, self }: { profile: UserProfile; self: boolean }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const setRoles = useSetRoles();
  const reset = useResetDisplayedRole();
  const rolesError = setRoles.error ?? reset.error;
  const errorCode = rolesError
    ? isApiError(rolesError)
      ? (Object.values(rolesError.fields)[0] ?? rolesError.code)
      : 'errors.unknown'
    : null;

  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby="moderator-panel-title"
      sx={{ borderColor: 'error.dark' }}
    >
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2.5}>
          <div>
            <Typography id="moderator-panel-title" variant="h6" component="h2">
              {t('moderation.panel.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('moderation.panel.hint')}
            </Typography>
          </div>
          <PanelSection id="moderation-ban-heading" title={t('moderation.ban.title')}>
            <BanControl profile={profile} self={self} />
          </PanelSection>
          <Divider />
          <PanelSection id="moderation-roles-heading" title={t('moderation.roles.title')}>
            <RolesEditor
              roles={profile.roles}
              displayedRole={profile.displayedRole}
              self={self}
              pending={setRoles.isPending || reset.isPending}
              error={errorCode}
              onSave={(roles) => {
                reset.reset();
                setRoles.mutate(
                  { id: profile.id, roles },
                  {
                    onSuccess: () =>
                      snackbar({ message: t('moderation.roles.saved'), color: 'success' }),
                  },
                );
              }}
              onResetDisplayed={() => {
                setRoles.reset();
                reset.mutate(profile.id, {
                  onSuccess: () =>
                    snackbar({ message: t('moderation.roles.resetDone'), color: 'success' }),
                });
              }}
            />
          </PanelSection>
          <Divider />
          <NotesPanel userId={profile.id} />
          <Divider />
          <SharedVisitors userId={profile.id} />
        </Stack>
      </CardContent>
    </Card>
  );
}
