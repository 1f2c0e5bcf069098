/**
 * A like toggle (optimistic, settles to the last click: see api/likes.ts) and its compact count,
 * itself a button opening the list of who liked ("3 likes — see who liked"). Plain buttons with
 * the look of MUI's text buttons (item.module.css): every item of a list has one.
 */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../i18n/useTranslation.tsx';
import { formatCompactNumber } from '@atelier/shared';
import { isApiError } from '../api/client.ts';
import { useLikeToggle, type LikeTarget } from '../api/likes.ts';
import { useSnackbar } from '../app/feedback/context.ts';
import { translateError } from './errors.ts';
import { PlainIcon } from './PlainIcon.tsx';
import css from './item.module.css';

const LikersDialog = lazy(() => import('./LikersDialog.tsx'));

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
  const sized = size === 'medium' ? ` ${css.medium}` : '';
  return (
    <span className={css.likeGroup}>
      <button
        type="button"
        className={`${css.button} ${css.iconButton}${sized}${state.liked ? ` ${css.liked}` : ''}`}
        aria-pressed={state.liked}
        aria-label={label}
        title={label}
        onClick={state.toggle}
        data-testid="like-button"
      >
        <PlainIcon name={state.liked ? 'favorite' : 'favoriteBorder'} />
      </button>
      <button
        type="button"
        className={`${css.button} ${css.countButton}${sized}`}
        aria-label={t('likes.seeWho', { count: state.likeCount, formatted: compact })}
        aria-haspopup="dialog"
        disabled={state.likeCount === 0}
        onClick={() => setShowLikers(true)}
        data-testid="likers-button"
      >
        {compact}
      </button>
      {showLikers ? (
        <Suspense fallback={null}>
          <LikersDialog target={target} id={id} open onClose={() => setShowLikers(false)} />
        </Suspense>
      ) : null}
    </span>
  );
}
