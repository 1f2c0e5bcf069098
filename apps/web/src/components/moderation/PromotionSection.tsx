/**
 * On a probation creator's own profile: the latest promotion request's outcome (pending, approved,
 * declined with the moderator's note) and, when they may ask, a form to pick up to five of their
 * posts with an optional message.
 */
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { TextInput } from '../TextInput.tsx';
import Typography from '@mui/material/Typography';
import {
  advancedRoleOf,
  moderationLimits,
  probationRoleOf,
  promotionRequestSchema,
  roles as roleTable,
  type PromotionRequest,
  type RoleType,
} from '@atelier/shared';
import { useUserPosts } from '../../api/profiles.ts';
import { useMyPromotion, useRequestPromotion } from '../../api/promotions.ts';
import { useSnackbar } from '../../app/feedback/context.ts';
import { FormError } from '../FormError.tsx';
import { useZodForm } from '../useZodForm.ts';

export function PromotionSection({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const mine = useMyPromotion();
  // Once promoted, the outcome stays on the profile for two weeks.
  const [since] = useState(() => Date.now() - 14 * 86_400_000);
  if (!mine.data) return null;
  const { request, probationTypes } = mine.data;
  const type = probationTypes[0];
  if (!request && !type) return null;
  const recent = request?.decidedAt ? Date.parse(request.decidedAt) > since : true;
  if (!type && !recent) return null;
  const canAsk = Boolean(type) && request?.state !== 'pending';
  return (
    <Card variant="outlined" component="section" aria-labelledby="promotion-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Typography id="promotion-title" variant="h6" component="h2">
            {t('moderation.promotion.title')}
          </Typography>
          {request ? <Outcome request={request} /> : null}
          {canAsk && type ? <PromotionForm userId={userId} type={type} /> : null}
        </Stack>
      </CardContent>
    </Card>
  );
}

function Outcome({ request }: { request: PromotionRequest }) {
  const { t } = useTranslation();
  const severity =
    request.state === 'approved' ? 'success' : request.state === 'declined' ? 'warning' : 'info';
  return (
    <Alert severity={severity} role="status">
      <Stack spacing={0.5}>
        <span>{t(`moderation.promotion.${request.state}`)}</span>
        {request.decisionNote ? (
          <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {t('moderation.promotion.note', { note: request.decisionNote })}
          </span>
        ) : null}
        {request.state === 'declined' ? <span>{t('moderation.promotion.askAgain')}</span> : null}
      </Stack>
    </Alert>
  );
}

function PromotionForm({ userId, type }: { userId: string; type: RoleType }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const posts = useUserPosts(userId);
  const ask = useRequestPromotion();
  const form = useZodForm(promotionRequestSchema, { roleType: type, postIds: [], message: '' });
  const messageField = form.register('message');
  const chosen = form.watch('postIds') ?? [];
  const messageLength = (form.watch('message') ?? '').length;
  const max = moderationLimits.promotionPostsMax;
  const list = posts.data?.pages.flatMap((p) => p.items) ?? [];
  const role = t(`roles.${roleTable[probationRoleOf[type]].name}`);
  const advanced = t(`roles.${roleTable[advancedRoleOf[type]].name}`);
  const postsMessage = form.message('postIds');
  const messageMessage = form.message('message');

  const submit = form.submit(async (input) => {
    await ask.mutateAsync(input);
    form.reset();
    snackbar({ message: t('moderation.promotion.submitted'), color: 'success' });
  });

  return (
    <form noValidate onSubmit={submit} aria-labelledby="promotion-title">
      <Stack spacing={2}>
        <Typography variant="body2">
          {t('moderation.promotion.intro', { role, advanced })}
        </Typography>
        <FormError error={form.error} />
        {posts.isPending ? (
          <Typography variant="body2" color="text.secondary">
            {t('moderation.promotion.postsLoading')}
          </Typography>
        ) : list.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('moderation.promotion.noPosts')}
          </Typography>
        ) : (
          <FormControl component="fieldset" error={Boolean(postsMessage)} variant="standard">
            <FormLabel component="legend">{t('moderation.promotion.pick')}</FormLabel>
            <Controller
              control={form.control}
              name="postIds"
              render={({ field }) => (
                <FormGroup>
                  {list.map((post) => {
                    const on = field.value.includes(post.id);
                    return (
                      <FormControlLabel
                        key={post.id}
                        control={
                          <Checkbox
                            checked={on}
                            disabled={!on && field.value.length >= max}
                            onChange={(e) =>
                              field.onChange(
                                e.target.checked
                                  ? [...field.value, post.id]
                                  : field.value.filter((id) => id !== post.id),
                              )
                            }
                          />
                        }
                        label={<span style={{ overflowWrap: 'anywhere' }}>{post.title}</span>}
                      />
                    );
                  })}
                </FormGroup>
              )}
            />
            <FormHelperText>
              {postsMessage ?? t('moderation.promotion.picked', { n: chosen.length })}
            </FormHelperText>
          </FormControl>
        )}
        <TextInput
          {...messageField}
          inputRef={messageField.ref}
          label={t('moderation.promotion.message')}
          multiline
          minRows={2}
          error={Boolean(messageMessage)}
          helperText={
            messageMessage ??
            t('common.counter', {
              count: messageLength,
              max: moderationLimits.promotionMessageMax,
            })
          }
          maxLength={moderationLimits.promotionMessageMax}
          fullWidth
        />
        <Button
          type="submit"
          variant="contained"
          disabled={form.pending || list.length === 0}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('moderation.promotion.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/** A promotion request's posts as links (struck out when no longer available). */
export function PromotionPosts({ request }: { request: PromotionRequest }) {
  const { t } = useTranslation();
  return (
    <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2.5 }}>
      {request.posts.map((post) =>
        post.available ? (
          <li key={post.id}>
            <Link component={RouterLink} to={`/posts/${post.id}`} sx={{ overflowWrap: 'anywhere' }}>
              {post.title}
            </Link>
          </li>
        ) : (
          <li key={post.id}>
            <Typography variant="body2" color="text.secondary" component="span">
              {post.title ? `${post.title} — ` : ''}
              {t('moderation.promotions.unavailable')}
            </Typography>
          </li>
        ),
      )}
    </Stack>
  );
}
