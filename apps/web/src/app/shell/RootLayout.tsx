/** The shell around every page: top bar, the routed page, footer; plus the session's side effects. */
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import { contentWidth } from '../theme.ts';
import { SessionEffects } from '../SessionEffects.tsx';
import { Footer } from './Footer.tsx';
import { TopBar } from './TopBar.tsx';

export function RootLayout() {
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <TopBar />
      <Box
        component="main"
        sx={{ width: contentWidth, mx: 'auto', px: { xs: 2, md: 3 }, flexGrow: 1 }}
      >
        <Outlet />
      </Box>
      <Footer />
      <SessionEffects />
    </Box>
  );
}
