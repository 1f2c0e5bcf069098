/** The avatar button of signed-in users (named with the username); its menu loads on use. */
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import type { CurrentUser } from '@atelier/shared';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { VisuallyHidden } from '../../components/VisuallyHidden.tsx';
import { useIdle } from '../idle.ts';
import { useLazyMenu } from './useLazyMenu.ts';
import css from './shell.module.css';

const loadPopup = () => import('./UserMenuPopup.tsx');
const UserMenuPopup = lazy(loadPopup);
// The presence dot on one's own avatar loads after the shell (it stays out of the entry chunk),
// once the page is idle: its chunk and its request come after the page's first screen.
const AvatarWithPresence = lazy(() =>
  import('../../components/PresenceDot.tsx').then((m) => ({ default: m.WithPresence })),
);

export function UserMenu({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const menu = useLazyMenu('user-menu', loadPopup);
  const idle = useIdle(2_000);
  const avatar = <UserAvatar username={user.username} avatarPath={user.avatarPath} />;
  return (
    <>
      {/* Named by its (hidden) text, not aria-label: the avatar's initials are visible text that
          a label would have to contain (axe label-content-name-mismatch). A plain button with the
          look of MUI's IconButton (shell.module.css). */}
      <button
        type="button"
        className={`${css.iconButton} ${css.active} ${css.avatarButton}`}
        {...menu.buttonProps}
      >
        <VisuallyHidden>{t('nav.userMenu', { username: user.username })}</VisuallyHidden>
        {idle ? (
          <Suspense fallback={avatar}>
            <AvatarWithPresence userId={user.id} size={36}>
              {avatar}
            </AvatarWithPresence>
          </Suspense>
        ) : (
          avatar
        )}
      </button>
      {menu.anchor ? (
        <Suspense fallback={null}>
          <UserMenuPopup user={user} anchor={menu.anchor} onClose={menu.close} />
        </Suspense>
      ) : null}
    </>
  );
}
