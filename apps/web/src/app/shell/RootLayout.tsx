/** The shell around every page: top bar, the routed page, footer; plus the session's side effects. */
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useCurrentUser } from '../../api/me.ts';
import { SessionEffects } from '../SessionEffects.tsx';
import { Footer } from './Footer.tsx';
import { TopBar } from './TopBar.tsx';
import css from './shell.module.css';

/**
 * The main area is at least the viewport minus the top bar (its toolbar, 56/64 px, plus the 1 px
 * border): the footer starts below the fold, so a page whose content arrives after the first paint
 * does not push a visible footer down (that shift was most of the home page's CLS of 0.205). Plain
 * elements (shell.module.css): the shell renders on every page.
 */
/** Loaded only while the account's deletion is scheduled (rare): kept out of the entry chunk. */
const DeletionBanner = lazy(() =>
  import('../../components/DeletionBanner.tsx').then((m) => ({ default: m.DeletionBanner })),
);

export function RootLayout() {
  const deletionScheduled = Boolean(useCurrentUser()?.deletionScheduledTimestamp);
  return (
    <div className={css.frame}>
      <TopBar />
      <main className={css.main}>
        {deletionScheduled ? (
          <Suspense fallback={null}>
            <DeletionBanner />
          </Suspense>
        ) : null}
        <Outlet />
      </main>
      <Footer />
      <SessionEffects />
    </div>
  );
}
