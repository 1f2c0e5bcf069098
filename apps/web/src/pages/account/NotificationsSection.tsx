/**
 * /account → Notifications (issue 11): a switch per notification type; a type switched off is not
 * created for the user. All on by default. Each switch saves at once (an error puts it back).
 */
import { useTranslation } from '../../i18n/useTranslation.tsx';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { notificationTypes } from '@atelier/shared';
import {
  useNotificationPreferences,
  useUpdateNotificationPreferences,
} from '../../api/notifications.ts';
import { FormError } from '../../components/FormError.tsx';
import { Section } from './Section.tsx';

export function NotificationsSection() {
  const { t } = useTranslation();
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  return (
    <Section id="account-notifications" title={t('account.notificationsTitle')}>
      <Typography color="text.secondary">{t('account.notificationsHint')}</Typography>
      {preferences.data ? (
        <FormGroup>
          {notificationTypes.map((type) => (
            <FormControlLabel
              key={type}
              control={
                <Switch
                  checked={preferences.data[type]}
                  onChange={(e) => update.mutate({ [type]: e.target.checked })}
                />
              }
              label={t(`notifications.types.${type}`)}
            />
          ))}
        </FormGroup>
      ) : preferences.isError ? (
        <Typography role="alert" color="error">
          {t('notifications.loadError')}
        </Typography>
      ) : (
        <Typography color="text.secondary">{t('notifications.loading')}</Typography>
      )}
      <FormError error={update.error} />
    </Section>
  );
}
