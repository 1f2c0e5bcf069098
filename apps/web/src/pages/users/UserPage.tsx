/**
 * /users/:userId — a public profile: avatar or initials, username, displayed role, bio, links,
 * member since, post and comment counts, likes received (with the breakdown in a tooltip), and
 * tabs for the user's posts and status updates (the tab is kept in `?tab=`).
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { formatCompactNumber, type UserProfile } from '@atelier/shared';
import { isApiError } from '../../api/client.ts';
import { useCurrentUser } from '../../api/me.ts';
import { presenceOfProfile } from '../../api/presence.ts';
import { useProfile } from '../../api/profiles.ts';
import { translateError } from '../../components/errors.ts';
import { Page, PageTitle } from '../../components/Page.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { WithPresence } from '../../components/PresenceDot.tsx';
import { PresenceStatus } from '../../components/PresenceStatus.tsx';
import { ReportButton } from '../../components/report/ReportButton.tsx';
import { RoleLabel } from '../../components/RoleLabel.tsx';
import { useDateFormat } from '../../components/useDateFormat.ts';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { StatusUpdateFeed } from '../../components/status-updates/StatusUpdateFeed.tsx';
import { UserPosts } from './UserPosts.tsx';

/** The moderator panel and a probation creator's promotion request (their own chunk). */
const ModerationSection = lazy(() => import('./moderation/ModerationSection.tsx'));

const tabs = ['posts', 'status'] as const;
type TabId = (typeof tabs)[number];

function Stat({ children, tooltip }: { children: ReactNode; tooltip?: string }) {
  const body = (
    <Typography
      component="li"
      variant="body2"
      tabIndex={tooltip ? 0 : undefined}
      sx={{ color: 'text.secondary', cursor: tooltip ? 'help' : undefined }}
    >
      {children}
    </Typography>
  );
  return tooltip ? (
    <Tooltip title={tooltip} describeChild>
      {body}
    </Tooltip>
  ) : (
    body
  );
}

function ProfileHeader({ profile, own }: { profile: UserProfile; own: boolean }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? 'en';
  const { date } = useDateFormat();
  const n = (value: number) => formatCompactNumber(value, lng);
  // The server only stores http(s) links; never render anything else as a link.
  const links = profile.links.filter((href) => /^https?:\/\//i.test(href));
  return (
    <Card variant="outlined" component="section" aria-labelledby="profile-name">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 2, sm: 3 }}
          sx={{ alignItems: { xs: 'flex-start', sm: 'flex-start' } }}
        >
          <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
            <WithPresence userId={profile.id} size={112}>
              <UserAvatar username={profile.username} avatarPath={profile.avatarPath} size={112} />
            </WithPresence>
          </Box>
          <Box sx={{ display: { xs: 'block', sm: 'none' } }}>
            <WithPresence userId={profile.id} size={80}>
              <UserAvatar username={profile.username} avatarPath={profile.avatarPath} size={80} />
            </WithPresence>
          </Box>
          <Stack spacing={1.5} sx={{ flex: 1, minWidth: 0 }}>
            <Stack spacing={0.5}>
              <PageTitle id="profile-name">{profile.username}</PageTitle>
              <div>
                <RoleLabel role={profile.displayedRole} variant="body1" />
              </div>
              <Typography variant="body2" color="text.secondary">
                {t('profile.memberSince', { date: date(profile.registrationTimestamp) })}
              </Typography>
              <PresenceStatus initial={presenceOfProfile(profile)} />
            </Stack>
            {profile.isBanned ? (
              <Alert severity="warning">
                {t('profile.banned')}
                {profile.banReason
                  ? ` ${t('profile.banReason', { reason: profile.banReason })}`
                  : null}
              </Alert>
            ) : null}
            {profile.bio ? (
              <Typography
                sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                data-testid="profile-bio"
              >
                {profile.bio}
              </Typography>
            ) : null}
            {links.length > 0 ? (
              <Stack
                component="ul"
                spacing={0.5}
                sx={{ m: 0, p: 0, listStyle: 'none' }}
                aria-label={t('profile.links')}
              >
                {links.map((href) => (
                  <li key={href}>
                    <Link
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer nofollow"
                      sx={{ overflowWrap: 'anywhere' }}
                    >
                      {href.replace(/^https?:\/\//, '')}
                    </Link>
                  </li>
                ))}
              </Stack>
            ) : null}
            <Stack
              component="ul"
              direction="row"
              aria-label={t('profile.stats')}
              sx={{ m: 0, p: 0, listStyle: 'none', flexWrap: 'wrap', columnGap: 2.5, rowGap: 0.5 }}
            >
              <Stat>{t('profile.posts', { count: profile.postCount })}</Stat>
              <Stat>{t('profile.comments', { count: profile.commentCount })}</Stat>
              <Stat
                tooltip={t('profile.likesBreakdown', {
                  posts: n(profile.postLikeCount),
                  comments: n(profile.commentLikeCount),
                  status: n(profile.statusUpdateLikeCount),
                })}
              >
                {t('profile.likes', { count: profile.totalLikes })}
              </Stat>
            </Stack>
          </Stack>
          {own ? (
            <Button
              component={RouterLink}
              to="/account"
              variant="outlined"
              startIcon={<EditOutlinedIcon />}
              sx={{ flexShrink: 0 }}
            >
              {t('profile.editAccount')}
            </Button>
          ) : (
            <ReportButton
              targetType="user"
              targetId={profile.id}
              authorId={profile.id}
              authorName={profile.username}
              summary={profile.username}
              variant="outlined"
              size="medium"
            />
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

export default function UserPage() {
  const { t } = useTranslation();
  const { userId = '' } = useParams();
  const me = useCurrentUser();
  const profile = useProfile(userId);
  const [params, setParams] = useSearchParams();
  const tab: TabId = params.get('tab') === 'status' ? 'status' : 'posts';

  if (profile.isPending) return <PageSpinner />;
  if (profile.isError) {
    const missing =
      isApiError(profile.error) && (profile.error.status === 404 || profile.error.status === 400);
    return (
      <Page title={t('pages.user.title')} width="medium">
        <Alert
          severity={missing ? 'info' : 'error'}
          action={
            missing ? undefined : (
              <Button color="inherit" size="small" onClick={() => void profile.refetch()}>
                {t('common.retry')}
              </Button>
            )
          }
        >
          {missing
            ? t('profile.notFound')
            : translateError(t, isApiError(profile.error) ? profile.error.code : null)}
        </Alert>
      </Page>
    );
  }

  const user = profile.data;
  return (
    <Stack spacing={3} sx={{ py: { xs: 2, md: 4 }, maxWidth: 800, mx: 'auto', width: '100%' }}>
      <ProfileHeader profile={user} own={me?.id === user.id} />
      <Suspense fallback={null}>
        <ModerationSection profile={user} />
      </Suspense>
      <Box>
        <Tabs
          value={tab}
          onChange={(_, next: TabId) =>
            setParams(next === 'posts' ? {} : { tab: next }, { replace: true })
          }
          aria-label={t('profile.tabs')}
          variant="fullWidth"
          sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
        >
          {tabs.map((id) => (
            <Tab
              key={id}
              value={id}
              id={`profile-tab-${id}`}
              aria-controls={`profile-panel-${id}`}
              label={t(id === 'posts' ? 'profile.tabPosts' : 'profile.tabStatus')}
            />
          ))}
        </Tabs>
        <div role="tabpanel" id={`profile-panel-${tab}`} aria-labelledby={`profile-tab-${tab}`}>
          {tab === 'posts' ? <UserPosts userId={user.id} /> : <StatusUpdateFeed author={user.id} />}
        </div>
      </Box>
    </Stack>
  );
}
