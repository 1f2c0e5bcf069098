/** A like toggle with its compact count: optimistic, settles to the last click (see api/likes.ts). */
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import { formatCompactNumber } from '@atelier/shared';
import { isApiError } from '../api/client.ts';
import { useLikeToggle, type LikeTarget } from '../api/likes.ts';
import { useSnackbar } from '../app/feedback/context.ts';
import { translateError } from './errors.ts';

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
  const state = useLikeToggle(target, id, liked, likeCount, (err) => {
    snackbar({ message: translateError(t, isApiError(err) ? err.code : null), color: 'error' });
  });
  const label = t(state.liked ? 'likes.unlike' : 'likes.like', { count: state.likeCount });
  return (
    <Button
      size={size}
      color={state.liked ? 'secondary' : 'inherit'}
      aria-pressed={state.liked}
      aria-label={label}
      title={label}
      onClick={state.toggle}
      startIcon={state.liked ? <FavoriteIcon /> : <FavoriteBorderIcon />}
      data-testid="like-button"
      sx={{ minWidth: 0, color: state.liked ? undefined : 'text.secondary', textTransform: 'none' }}
    >
      {formatCompactNumber(state.likeCount, i18n.resolvedLanguage ?? 'en')}
    </Button>
  );
}
