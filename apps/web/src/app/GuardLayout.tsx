/**
 * Applies the seed's navigation guard (the pure `guard()` of packages/shared) on every navigation
 * and on every change of the current user: a redirect renders <Navigate>, 'wait' a spinner. As
 * /api/me is refetched on focus and every minute, a ban sends an open tab to /banned and an unban
 * on /banned goes to /. Allowed pages load lazily under <Suspense>.
 */
import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from '../i18n/useTranslation.tsx';
import { guard } from '@atelier/shared';
import { ApiError } from '../api/client.ts';
import { useMe } from '../api/me.ts';
import { PageSpinner } from '../components/PageSpinner.tsx';
import { translateError } from '../components/errors.ts';
import { clearReloadFlag } from './lazyWithRetry.ts';
import { PageErrorBoundary } from './PageErrorBoundary.tsx';
import styles from './message.module.css';
import shell from './shell/shell.module.css';

export function GuardLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const me = useMe();

  if (me.data === undefined) {
    if (me.isError) {
      const code = me.error instanceof ApiError ? me.error.code : 'errors.network';
      return (
        <div className={styles.message} role="alert">
          <p className={styles.text}>{translateError(t, code)}</p>
          <button type="button" className={shell.outlinedMedium} onClick={() => void me.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      );
    }
    return <PageSpinner />;
  }

  const user = me.data;
  const result = guard({
    path: pathname,
    user: user ? { emailVerified: user.emailVerified } : null,
    profile: user ?? undefined,
  });
  if (result.kind === 'redirect') return <Navigate to={result.to} replace />;
  if (result.kind === 'wait') return <PageSpinner />;
  return (
    <PageErrorBoundary key={pathname}>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
        <NavigationDone />
      </Suspense>
    </PageErrorBoundary>
  );
}

/**
 * Commits only together with the page beside it (same Suspense boundary), i.e. once the page's
 * chunk has loaded: that is a successful navigation, so the lazy-reload flag is cleared.
 */
function NavigationDone() {
  const { key } = useLocation();
  useEffect(() => {
    clearReloadFlag();
  }, [key]);
  return null;
}
