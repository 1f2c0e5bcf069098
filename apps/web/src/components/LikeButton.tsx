/**
 * A like toggle (optimistic, settles to the last click: see api/likes.ts) and its compact count,
 * itself a button opening the list of who liked ("3 likes — see who liked").
 */
import { useState } from 'react';
import { useTranslation } from '../i18n/useTranslation.tsx';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import { formatCompactNumber } from '@atelier/shared';
import { isApiError } from '../api/client.ts';
import { useLikeToggle, type LikeTarget } from '../api/likes.ts';
import { useSnackbar } from '../app/feedback/context.ts';
import { translateError } from './errors.ts';
import { LikersDialog } from './LikersDialog.tsx';

export type { LikeTarget } from '../api/likes.ts';

export interface LikeButtonProps {
  target: LikeTarget;
  id: string;
  liked: boolean;
  likeCount: number;
  size?: 'small' | 'medium';
}

export function LikeButton({ target, id, liked, likeCount, size = 'small' }: LikeButtonProps) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const [showLikers, setShowLikers] = useState(false);
  const state = useLikeToggle(target, id, liked, likeCount, (err) => {
    snackbar({ message: translateError(t, isApiError(err) ? err.code : null), color: 'error' });
  });
  const label = t(state.liked ? 'likes.unlike' : 'likes.like', { count: state.likeCount });
  const compact = formatCompactNumber(state.likeCount, i18n.resolvedLanguage ?? 'en');
  return (
    <Stack direction="row" sx={{ alignItems: 'center' }}>
      <Button
        size={size}
        color={state.liked ? 'secondary' : 'inherit'}
        aria-pressed={state.liked}
        aria-label={label}
        title={label}
        onClick={state.toggle}
        data-testid="like-button"
        sx={{
          minWidth: 0,
          px: 0.75,
          color: state.liked ? undefined : 'text.secondary',
          textTransform: 'none',
        }}
      >
        {state.liked ? (
          <FavoriteIcon fontSize={size === 'small' ? 'small' : 'medium'} />
        ) : (
          <FavoriteBorderIcon fontSize={size === 'small' ? 'small' : 'medium'} />
        )}
      </Button>
      <Button
        size={size}
        color="inherit"
        aria-label={t('likes.seeWho', { count: state.likeCount, formatted: compact })}
        aria-haspopup="dialog"
        disabled={state.likeCount === 0}
        onClick={() => setShowLikers(true)}
        data-testid="likers-button"
        sx={{
          minWidth: 0,
          px: 0.5,
          color: 'text.secondary',
          textTransform: 'none',
          '&.Mui-disabled': { color: 'text.secondary' },
        }}
      >
        {compact}
      </Button>
      {showLikers ? (
        <LikersDialog target={target} id={id} open onClose={() => setShowLikers(false)} />
      ) : null}
    </Stack>
  );
}
