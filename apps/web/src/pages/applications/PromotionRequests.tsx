/** Pending promotion requests (moderators): the creator, the posts, the message; approve or decline with a note. */
import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  advancedRoleOf,
  approvePromotionSchema,
  declinePromotionSchema,
  moderationLimits,
  roles as roleTable,
  type PromotionRequest,
} from '@atelier/shared';
import { useDecidePromotion, usePendingPromotions } from '../../api/promotions.ts';
import { useSnackbar } from '../../app/feedback/context.ts';
import { RelativeTime } from '../../components/RelativeTime.tsx';
import { RoleLabel } from '../../components/RoleLabel.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { NotesPanel } from '../../components/moderation/NotesPanel.tsx';
import { PromotionPosts } from '../../components/moderation/PromotionSection.tsx';
import { ReasonDialog } from '../../components/ReasonDialog.tsx';
import { DecisionActions, TabList } from './TabList.tsx';

export function PromotionRequests() {
  const { t } = useTranslation();
  const list = usePendingPromotions();
  const decide = useDecidePromotion();
  const snackbar = useSnackbar();
  const [open, setOpen] = useState<{
    decision: 'approve' | 'decline';
    request: PromotionRequest;
  } | null>(null);

  const advancedName = (request: PromotionRequest) =>
    t(`roles.${roleTable[advancedRoleOf[request.roleType]].name}`);
  return (
    <>
      <TabList query={list} empty={t('moderation.promotions.empty')}>
        {(request) => (
          <Card
            key={request.id}
            variant="outlined"
            component="article"
            aria-labelledby={`promotion-${request.id}`}
          >
            <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
              <Stack spacing={2}>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
                  <UserAvatar
                    username={request.user.username}
                    avatarPath={request.user.avatarPath}
                    size={44}
                  />
                  <Box sx={{ minWidth: 0 }}>
                    <Typography
                      id={`promotion-${request.id}`}
                      variant="h6"
                      component="h2"
                      sx={{ overflowWrap: 'anywhere', lineHeight: 1.3 }}
                    >
                      <Link component={RouterLink} to={`/users/${request.user.id}`} color="inherit">
                        {request.user.username}
                      </Link>
                    </Typography>
                    <Typography variant="body2" color="text.secondary" component="div">
                      <RoleLabel role={request.user.displayedRole} /> ·{' '}
                      {t('moderation.promotions.asks', { role: advancedName(request) })} ·{' '}
                      {t('moderation.promotions.submitted')}{' '}
                      <RelativeTime value={request.createdAt} />
                    </Typography>
                  </Box>
                </Stack>
                <Box>
                  <Typography variant="subtitle2" component="h3" gutterBottom>
                    {t('moderation.promotions.posts')}
                  </Typography>
                  <PromotionPosts request={request} />
                </Box>
                {request.message ? (
                  <Box>
                    <Typography variant="subtitle2" component="h3" gutterBottom>
                      {t('moderation.promotions.message')}
                    </Typography>
                    <Typography
                      variant="body2"
                      sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                    >
                      {request.message}
                    </Typography>
                  </Box>
                ) : null}
                <Divider />
                <NotesPanel userId={request.user.id} />
              </Stack>
            </CardContent>
            <DecisionActions>
              <Button
                variant="contained"
                color="success"
                onClick={() => setOpen({ decision: 'approve', request })}
              >
                {t('moderation.promotions.approve')}
              </Button>
              <Button variant="outlined" onClick={() => setOpen({ decision: 'decline', request })}>
                {t('moderation.promotions.decline')}
              </Button>
            </DecisionActions>
          </Card>
        )}
      </TabList>
      {open ? (
        <ReasonDialog
          key={`${open.request.id}-${open.decision}`}
          id={`promotion-${open.decision}`}
          title={
            open.decision === 'approve'
              ? t('moderation.promotions.approveTitle', {
                  username: open.request.user.username,
                  role: advancedName(open.request),
                })
              : t('moderation.promotions.declineTitle', { username: open.request.user.username })
          }
          description={
            open.decision === 'approve'
              ? t('moderation.promotions.approveText', { role: advancedName(open.request) })
              : t('moderation.promotions.declineText')
          }
          label={
            open.decision === 'approve'
              ? t('moderation.promotions.noteOptional')
              : t('moderation.promotions.note')
          }
          field="note"
          maxLength={moderationLimits.promotionNoteMax}
          confirmText={
            open.decision === 'approve'
              ? t('moderation.promotions.approve')
              : t('moderation.promotions.decline')
          }
          confirmColor={open.decision === 'approve' ? 'primary' : 'warning'}
          schema={open.decision === 'approve' ? approvePromotionSchema : declinePromotionSchema}
          onClose={() => setOpen(null)}
          onSubmit={async (note) => {
            await decide.mutateAsync({ id: open.request.id, decision: open.decision, note });
            snackbar({
              message: t(
                open.decision === 'approve'
                  ? 'moderation.promotions.approved'
                  : 'moderation.promotions.declined',
              ),
              color: 'success',
            });
          }}
        />
      ) : null}
    </>
  );
}
