/**
 * /account: avatar, profile (username, bio, links, displayed role), language, notifications (users
 * with access), password, data.
 */
import { useTranslation } from '../../i18n/useTranslation.tsx';
import Typography from '@mui/material/Typography';
import { hasAccess } from '@atelier/shared';
import { useMe } from '../../api/me.ts';
import { Page } from '../../components/Page.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { AvatarSection } from './AvatarSection.tsx';
import { DataSection } from './DataSection.tsx';
import { LanguageSection } from './LanguageSection.tsx';
import { NotificationsSection } from './NotificationsSection.tsx';
import { PasswordSection } from './PasswordSection.tsx';
import { ProfileSection } from './ProfileSection.tsx';

export default function AccountPage() {
  const { t } = useTranslation();
  const user = useMe().data;
  if (!user) return <PageSpinner />;
  return (
    <Page
      title={t('account.title')}
      intro={
        <Typography sx={{ overflowWrap: 'anywhere' }}>
          {t('account.signedInAs', { email: user.email })}
        </Typography>
      }
      width="medium"
    >
      <AvatarSection user={user} />
      <ProfileSection key={user.id} user={user} />
      <LanguageSection />
      {hasAccess(user.roles) ? <NotificationsSection /> : null}
      <PasswordSection />
      <DataSection user={user} />
    </Page>
  );
}
