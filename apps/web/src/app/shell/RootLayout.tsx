/** The shell around every page: top bar, the routed page, footer; plus the session's side effects. */
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import { useCurrentUser } from '../../api/me.ts';
import { contentWidth } from '../theme.ts';
import { SessionEffects } from '../SessionEffects.tsx';
import { Footer } from './Footer.tsx';
import { TopBar } from './TopBar.tsx';

/**
 * The main area is at least the viewport minus the top bar (its toolbar, 56/64 px, plus the 1 px
 * border): the footer starts below the fold, so a page whose content arrives after the first paint
 * does not push a visible footer down (that shift was most of the home page's CLS of 0.205).
 */
/** Loaded only while the account's deletion is scheduled (rare): kept out of the entry chunk. */
const DeletionBanner = lazy(() =>
  import('../../components/DeletionBanner.tsx').then((m) => ({ default: m.DeletionBanner })),
);

const mainMinHeight = { xs: 'calc(100dvh - 57px)', sm: 'calc(100dvh - 65px)' };

export function RootLayout() {
  const deletionScheduled = Boolean(useCurrentUser()?.deletionScheduledTimestamp);
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <TopBar />
      <Box
        component="main"
        sx={{
          width: contentWidth,
          mx: 'auto',
          px: { xs: 2, md: 3 },
          flexGrow: 1,
          minHeight: mainMinHeight,
        }}
      >
        {deletionScheduled ? (
          <Suspense fallback={null}>
            <DeletionBanner />
          </Suspense>
        ) : null}
        <Outlet />
      </Box>
      <Footer />
      <SessionEffects />
    </Box>
  );
}
