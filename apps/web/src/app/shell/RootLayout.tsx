/** The shell around every page: top bar, the routed page, footer; plus the session's side effects. */
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import { DeletionBanner } from '../../components/DeletionBanner.tsx';
import { contentWidth } from '../theme.ts';
import { SessionEffects } from '../SessionEffects.tsx';
import { Footer } from './Footer.tsx';
import { TopBar } from './TopBar.tsx';

/**
 * The main area is at least the viewport minus the top bar (its toolbar, 56/64 px, plus the 1 px
 * border): the footer starts below the fold, so a page whose content arrives after the first paint
 * does not push a visible footer down (that shift was most of the home page's CLS of 0.205).
 */
const mainMinHeight = { xs: 'calc(100dvh - 57px)', sm: 'calc(100dvh - 65px)' };

export function RootLayout() {
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
        <DeletionBanner />
        <Outlet />
      </Box>
      <Footer />
      <SessionEffects />
    </Box>
  );
}
