/**
 * /mod-log (moderators): every moderator action, newest first, with who, when, what and why and
 * the user it was about; filters kept in the address (shareable), "Load more" through the cursor.
 */
import { useTranslation } from '../../i18n/useTranslation.tsx';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  isRoleId,
  reportReasons,
  roles as roleTable,
  type ModLogEntry,
  type PublicUser,
  type RoleId,
} from '@atelier/shared';
import { useModLog, type ModLogFilters as Filters } from '../../api/modLog.ts';
import { LoadMoreButton } from '../../components/LoadMore.tsx';
import { Page } from '../../components/Page.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { RelativeTime } from '../../components/RelativeTime.tsx';
import { cleanFilters, ModLogFilters } from './ModLogFilters.tsx';

const actionColors: Partial<
  Record<ModLogEntry['action'], 'error' | 'success' | 'warning' | 'info'>
> = {
  userBanned: 'error',
  userUnbanned: 'success',
  applicationApproved: 'success',
  promotionApproved: 'success',
  applicationRejected: 'warning',
  promotionDeclined: 'warning',
  postRemoved: 'error',
  commentRemoved: 'error',
  commentReplyRemoved: 'error',
  statusUpdateRemoved: 'error',
  statusReplyRemoved: 'error',
  rolesChanged: 'info',
};

function UserLink({ user }: { user: PublicUser | null }) {
  const { t } = useTranslation();
  if (!user) return <em>{t('moderation.log.deletedUser')}</em>;
  return (
    <Link component={RouterLink} to={`/users/${user.id}`} sx={{ overflowWrap: 'anywhere' }}>
      {user.username}
    </Link>
  );
}

const isReportReason = (value: string): value is (typeof reportReasons)[number] =>
  (reportReasons as readonly string[]).includes(value);

/** One line about what changed, from the entry's data, or null. */
function useDetail() {
  const { t } = useTranslation();
  const roleNames = (value: unknown) =>
    Array.isArray(value)
      ? value
          .filter((r): r is RoleId => isRoleId(r))
          .map((r) => t(`roles.${roleTable[r].name}`))
          .join(', ')
      : '';
  return (entry: ModLogEntry): string | null => {
    const data = entry.data;
    switch (entry.action) {
      case 'rolesChanged':
      case 'promotionApproved':
        return data.oldRoles
          ? t('moderation.log.roles', {
              old: roleNames(data.oldRoles),
              new: roleNames(data.newRoles),
            })
          : null;
      case 'applicationApproved':
        return isRoleId(data.grantedRole)
          ? t('moderation.log.granted', { role: t(`roles.${roleTable[data.grantedRole].name}`) })
          : null;
      case 'displayedRoleReset':
        return isRoleId(data.oldDisplayedRole) && isRoleId(data.newDisplayedRole)
          ? t('moderation.log.roles', {
              old: roleNames([data.oldDisplayedRole]),
              new: roleNames([data.newDisplayedRole]),
            })
          : null;
      case 'tagCreated':
      case 'tagDeleted':
      case 'tagUpdated': {
        type Labelled = { labels?: { en?: string } } | undefined;
        const label =
          entry.action === 'tagUpdated'
            ? (data.old as Labelled)?.labels?.en
            : (data as Labelled)?.labels?.en;
        const renamed =
          entry.action === 'tagUpdated' ? (data.changes as Labelled)?.labels?.en : undefined;
        if (!label) return null;
        return t('moderation.log.tag', {
          label: renamed && renamed !== label ? `${label} → ${renamed}` : label,
        });
      }
      case 'noteAdded':
      case 'noteDeleted':
        return typeof data.body === 'string' ? t('moderation.log.note', { body: data.body }) : null;
      default:
        return typeof data.title === 'string'
          ? data.title
          : typeof data.excerpt === 'string' && data.excerpt
            ? data.excerpt
            : null;
    }
  };
}

export function ModLogList({ entries }: { entries: ModLogEntry[] }) {
  const { t } = useTranslation();
  const detail = useDetail();
  // A report reason is a key ("wrongSection"): shown translated; "other" shows the text given.
  // Any other reason (a ban's, written by the moderator) is shown as written.
  const reasonText = (entry: ModLogEntry): string => {
    const reason = entry.reason ?? '';
    if (reason === 'other') {
      const other = entry.data.otherReason;
      return typeof other === 'string' && other ? other : t('reports.reasons.other');
    }
    return isReportReason(reason) ? t(`reports.reasons.${reason}`) : reason;
  };
  return (
    <Stack
      component="ol"
      spacing={1.5}
      sx={{ m: 0, p: 0, listStyle: 'none' }}
      aria-label={t('moderation.log.entries')}
    >
      {entries.map((entry) => {
        const what = detail(entry);
        return (
          <Card key={entry.id} variant="outlined" component="li">
            <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
              <Stack spacing={0.75}>
                <Stack
                  direction="row"
                  sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}
                >
                  <Chip
                    size="small"
                    label={t(`moderation.log.actions.${entry.action}`)}
                    color={actionColors[entry.action] ?? 'default'}
                    variant="outlined"
                  />
                  <Typography variant="body2" color="text.secondary">
                    <RelativeTime value={entry.createdAt} />
                  </Typography>
                </Stack>
                <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
                  {entry.action === 'reportsResolvedByDeletion' ? (
                    t('moderation.log.automatic')
                  ) : (
                    <>
                      {t('moderation.log.by')} <UserLink user={entry.moderator} />
                    </>
                  )}
                  {entry.subject || entry.targetType === 'user' ? (
                    <>
                      {' · '}
                      {t('moderation.log.about')} <UserLink user={entry.subject} />
                    </>
                  ) : null}
                </Typography>
                {what ? (
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                  >
                    {what}
                  </Typography>
                ) : null}
                {entry.reason ? (
                  <Typography
                    variant="body2"
                    sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                  >
                    {t('moderation.log.reason', { reason: reasonText(entry) })}
                  </Typography>
                ) : null}
              </Stack>
            </CardContent>
          </Card>
        );
      })}
    </Stack>
  );
}

export default function ModLogPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters: Filters = cleanFilters(Object.fromEntries(params));
  const log = useModLog(filters);
  const entries = log.data?.pages.flatMap((p) => p.items) ?? [];
  const apply = (next: Filters) => {
    const query = new URLSearchParams();
    for (const name of ['action', 'moderator', 'subject', 'from', 'to'] as const) {
      const value = next[name];
      if (value) query.set(name, value);
    }
    setParams(query, { replace: true });
  };

  return (
    <Page title={t('moderation.log.title')} intro={t('moderation.log.intro')} width="medium">
      <ModLogFilters key={params.toString()} value={filters} onApply={apply} />
      {log.isPending ? (
        <PageSpinner />
      ) : log.isError ? (
        <QueryError error={log.error} onRetry={() => void log.refetch()} />
      ) : entries.length === 0 ? (
        <Typography color="text.secondary">{t('moderation.log.empty')}</Typography>
      ) : (
        <Box>
          <ModLogList entries={entries} />
          <LoadMoreButton
            query={log}
            label={t('moderation.log.loadMore')}
            sx={{ display: 'flex', justifyContent: 'center', pt: 2 }}
          />
        </Box>
      )}
    </Page>
  );
}
