/**
 * One reported target in the queue: what it is (with a link), how many reports, who reported it
 * and why, the author's moderator notes and earlier actions, and the actions: Dismiss, Remove
 * (with a reason), Ban the author (with a reason).
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { removableTargetTypes, type ReportGroup, type ReportReason } from '@atelier/shared';
import { isApiError } from '../../api/client.ts';
import { useBanFromReports, useDismissReports, useRemoveReported } from '../../api/reports.ts';
import { useConfirm, useSnackbar } from '../../app/feedback/context.ts';
import { translateError } from '../../components/errors.ts';
import { RelativeTime } from '../../components/RelativeTime.tsx';
import { RoleLabel } from '../../components/RoleLabel.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { BanDialog } from '../../components/ReasonDialog.tsx';
import { RemoveDialog } from './RemoveDialog.tsx';

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * A column of the author's history (notes, earlier actions): `empty` when there is none, else each
 * item (`children`) with who wrote or took it (`by`) and when.
 */
function AuthorHistory<T extends { id: string | number; createdAt: string }>({
  title,
  id,
  empty,
  items,
  by,
  children,
}: {
  title: string;
  id: string;
  empty: string;
  items: T[];
  by: (item: T) => { username: string } | null;
  children: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Section title={title} id={id}>
        {items.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {empty}
          </Typography>
        ) : (
          <Stack component="ul" spacing={0.75} sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {items.map((item) => (
              <Box component="li" key={item.id}>
                {children(item)}
                <Typography variant="caption" color="text.secondary">
                  {by(item)?.username ?? t('reports.deletedUser')} ·{' '}
                  <RelativeTime value={item.createdAt} />
                </Typography>
              </Box>
            ))}
          </Stack>
        )}
      </Section>
    </Box>
  );
}

/** The reason most reporters gave (ties: the first in the list), to preselect in Remove. */
export function commonReason(group: ReportGroup): ReportReason | null {
  const counts = new Map<ReportReason, number>();
  for (const r of group.reports) counts.set(r.reason, (counts.get(r.reason) ?? 0) + 1);
  let best: ReportReason | null = null;
  for (const [reason, n] of counts) if (best === null || n > (counts.get(best) ?? 0)) best = reason;
  return best === 'other' ? null : best;
}

export function ReportGroupCard({ group }: { group: ReportGroup }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const snackbar = useSnackbar();
  const dismiss = useDismissReports();
  const remove = useRemoveReported();
  const ban = useBanFromReports();
  const [dialog, setDialog] = useState<'remove' | 'ban' | null>(null);
  const key = `${group.targetType}-${group.targetId}`;
  const target = { targetType: group.targetType, targetId: group.targetId };
  const removable = removableTargetTypes.find((type) => type === group.targetType);
  const canRemove = removable !== undefined && group.target.exists && !group.target.removed;
  const author = group.author;
  const busy = dismiss.isPending || remove.isPending || ban.isPending;
  const fail = (err: unknown) =>
    snackbar({ message: translateError(t, isApiError(err) ? err.code : null), color: 'error' });

  const askDismiss = async () => {
    const ok = await confirm({
      title: t('reports.dismissTitle'),
      message: t('reports.dismissText', { count: group.reportCount }),
      confirmText: t('reports.dismiss'),
      confirmColor: 'primary',
    });
    if (!ok) return;
    dismiss.mutate(target, {
      onSuccess: () => snackbar({ message: t('reports.dismissed'), color: 'success' }),
      onError: fail,
    });
  };

  const reasonText = (reason: ReportReason, other: string | null) =>
    reason === 'other' && other
      ? `${t('reports.reasons.other')}: ${other}`
      : t(`reports.reasons.${reason}`);

  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={`${key}-title`}
      data-testid="report-group"
    >
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Chip size="small" label={t(`reports.targetTypes.${group.targetType}`)} />
            <Chip
              size="small"
              color="warning"
              label={t('reports.count', { count: group.reportCount })}
            />
            {group.target.removed ? (
              <Chip size="small" label={t('reports.alreadyRemoved')} />
            ) : null}
            {!group.target.exists ? <Chip size="small" label={t('reports.gone')} /> : null}
            <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto' }}>
              {t('reports.firstReported')} <RelativeTime value={group.firstReportedAt} />
            </Typography>
          </Stack>

          <Box sx={{ minWidth: 0 }}>
            <Typography
              id={`${key}-title`}
              variant="subtitle1"
              component="h2"
              sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
            >
              {group.target.link ? (
                <Link component={RouterLink} to={group.target.link} underline="hover">
                  {group.target.title ?? t(`reports.targetTypes.${group.targetType}`)}
                </Link>
              ) : (
                (group.target.title ?? t(`reports.targetTypes.${group.targetType}`))
              )}
            </Typography>
            {group.target.excerpt ? (
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ overflowWrap: 'anywhere', mt: 0.5 }}
              >
                {group.target.excerpt}
              </Typography>
            ) : null}
          </Box>

          {author ? (
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
              <UserAvatar username={author.username} avatarPath={author.avatarPath} size={32} />
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {t('reports.author')}{' '}
                  <Link
                    component={RouterLink}
                    to={`/users/${author.id}`}
                    underline="hover"
                    sx={{ fontWeight: 600 }}
                  >
                    {author.username}
                  </Link>
                </Typography>
                <RoleLabel role={author.displayedRole} variant="caption" />
              </Box>
            </Stack>
          ) : null}

          <Section title={t('reports.reportsHeading')} id={`${key}-reports`}>
            <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
              {group.reports.map((r) => (
                <Box component="li" key={r.id}>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    <strong>{r.reporter?.username ?? t('reports.deletedUser')}</strong>
                    {' · '}
                    {reasonText(r.reason, r.otherReason)}
                    {' · '}
                    <Typography component="span" variant="caption" color="text.secondary">
                      <RelativeTime value={r.updatedAt} />
                    </Typography>
                  </Typography>
                  {r.details ? (
                    <Typography
                      variant="body2"
                      color="text.secondary"
                      sx={{
                        whiteSpace: 'pre-wrap',
                        overflowWrap: 'anywhere',
                        pl: 1.5,
                        borderLeft: 2,
                        borderColor: 'divider',
                      }}
                    >
                      {r.details}
                    </Typography>
                  ) : null}
                </Box>
              ))}
            </Stack>
          </Section>

          {author ? (
            <Stack
              direction={{ xs: 'column', md: 'row' }}
              spacing={2}
              divider={<Divider flexItem orientation="vertical" />}
            >
              <AuthorHistory
                title={t('reports.notesHeading', { username: author.username })}
                id={`${key}-notes`}
                empty={t('reports.noNotes')}
                items={group.authorNotes}
                by={(n) => n.author}
              >
                {(n) => (
                  <Typography
                    variant="body2"
                    sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                  >
                    {n.body}
                  </Typography>
                )}
              </AuthorHistory>
              <AuthorHistory
                title={t('reports.actionsHeading')}
                id={`${key}-actions`}
                empty={t('reports.noActions')}
                items={group.authorActions}
                by={(a) => a.moderator}
              >
                {(a) => (
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {t(`reports.modActions.${a.action}`, { defaultValue: a.action })}
                    {a.reason
                      ? ` — ${t(`reports.reasons.${a.reason}`, { defaultValue: a.reason })}`
                      : null}
                  </Typography>
                )}
              </AuthorHistory>
            </Stack>
          ) : null}

          <Stack
            direction="row"
            sx={{ flexWrap: 'wrap', gap: 1, justifyContent: { sm: 'flex-end' } }}
          >
            <Button variant="outlined" onClick={() => void askDismiss()} disabled={busy}>
              {t('reports.dismiss')}
            </Button>
            {canRemove ? (
              <Button
                variant="outlined"
                color="warning"
                onClick={() => setDialog('remove')}
                disabled={busy}
              >
                {t(`reports.remove.button.${group.targetType}`)}
              </Button>
            ) : null}
            {author && !group.authorBanned ? (
              <Button
                variant="contained"
                color="error"
                onClick={() => setDialog('ban')}
                disabled={busy}
              >
                {t('reports.banAuthor')}
              </Button>
            ) : null}
          </Stack>
        </Stack>
      </CardContent>
      {dialog === 'remove' && removable ? (
        <RemoveDialog
          targetType={removable}
          initialReason={commonReason(group)}
          onClose={() => setDialog(null)}
          onSubmit={(input) =>
            remove
              .mutateAsync({ targetType: removable, targetId: group.targetId, input })
              .then(() => snackbar({ message: t('reports.removed'), color: 'success' }))
          }
        />
      ) : null}
      {dialog === 'ban' && author ? (
        <BanDialog
          id={`${key}-ban`}
          title={t('reports.banTitle', { username: author.username })}
          description={t('reports.banText')}
          label={t('reports.banReason')}
          confirmText={t('reports.banConfirm')}
          onClose={() => setDialog(null)}
          onSubmit={(reason) =>
            ban.mutateAsync({ ...target, reason }).then(() =>
              snackbar({
                message: t('reports.banned', { username: author.username }),
                color: 'success',
              }),
            )
          }
        />
      ) : null}
    </Card>
  );
}
