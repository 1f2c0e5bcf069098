/**
 * The top bar (seed): home button, title link, then — once the first /api/me has settled — Log in
 * and Register (each hidden on its own page) with the language menu, or the avatar menu. Plain
 * elements with the look of MUI's AppBar, Toolbar, IconButton and Buttons (shell.module.css): the
 * bar renders on every page.
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import { useLocation } from 'react-router';
import { AppLink } from '../../components/AppLink.tsx';
import { useMe } from '../../api/me.ts';
import { LanguageMenu } from './LanguageMenu.tsx';
import { SearchField } from './SearchField.tsx';
import { ShellIcon } from './ShellIcon.tsx';
import { UserMenu } from './UserMenu.tsx';
import css from './shell.module.css';

const NotificationBell = lazy(() => import('./NotificationBell.tsx'));
const AccessWatch = lazy(() => import('../live/AccessWatch.tsx'));

export function TopBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const me = useMe();
  const initialised = me.isFetched || me.data !== undefined;
  const user = me.data;

  return (
    <header className={css.bar}>
      <div className={css.toolbar}>
        <AppLink to="/" className={`${css.iconButton} ${css.edgeStart}`} aria-label={t('nav.home')}>
          <ShellIcon name="home" />
        </AppLink>
        <AppLink to="/" className={css.title}>
          {t('appName')}
        </AppLink>
        <div className={css.grow} />
        {user?.hasAccess ? <SearchField /> : null}
        {user?.hasAccess ? (
          <Suspense fallback={null}>
            <NotificationBell />
          </Suspense>
        ) : null}
        {user && user.emailVerified && !user.hasAccess ? (
          // Pending, rejected or banned: a socket limited to the user's own room (access changes).
          <Suspense fallback={null}>
            <AccessWatch />
          </Suspense>
        ) : null}
        {initialised ? (
          user ? (
            <UserMenu user={user} />
          ) : (
            <div className={css.signedOut}>
              {pathname !== '/login' ? (
                <AppLink to="/login" className={css.button}>
                  {t('nav.login')}
                </AppLink>
              ) : null}
              {pathname !== '/register' ? (
                <AppLink to="/register" className={`${css.button} ${css.contained}`}>
                  {t('nav.register')}
                </AppLink>
              ) : null}
              <LanguageMenu />
            </div>
          )
        ) : null}
      </div>
    </header>
  );
}
