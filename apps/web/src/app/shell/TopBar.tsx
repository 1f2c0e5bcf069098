/**
 * The top bar (seed): home button, title link, then — once the first /api/me has settled — Log in
 * and Register (each hidden on its own page) with the language menu, or the avatar menu.
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import { Link as RouterLink, useLocation } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import HomeIcon from '@mui/icons-material/Home';
import { useMe } from '../../api/me.ts';
import { contentWidth } from '../theme.ts';
import { LanguageMenu } from './LanguageMenu.tsx';
import { SearchField } from './SearchField.tsx';
import { UserMenu } from './UserMenu.tsx';

const NotificationBell = lazy(() => import('./NotificationBell.tsx'));
const AccessWatch = lazy(() => import('../live/AccessWatch.tsx'));

export function TopBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const me = useMe();
  const initialised = me.isFetched || me.data !== undefined;
  const user = me.data;

  return (
    <AppBar
      position="static"
      color="default"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Toolbar
        disableGutters
        sx={{ width: contentWidth, mx: 'auto', px: { xs: 1, md: 3 }, gap: { xs: 0.5, sm: 1 } }}
      >
        <IconButton
          component={RouterLink}
          to="/"
          color="inherit"
          aria-label={t('nav.home')}
          edge="start"
        >
          <HomeIcon />
        </IconButton>
        <Link
          component={RouterLink}
          to="/"
          color="inherit"
          underline="none"
          variant="h6"
          sx={{ fontWeight: 700, letterSpacing: 0.5 }}
        >
          {t('appName')}
        </Link>
        <Box sx={{ flexGrow: 1 }} />
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
            <Stack direction="row" spacing={{ xs: 0.5, sm: 1 }} sx={{ alignItems: 'center' }}>
              {pathname !== '/login' ? (
                <Button component={RouterLink} to="/login" color="inherit" size="small">
                  {t('nav.login')}
                </Button>
              ) : null}
              {pathname !== '/register' ? (
                <Button component={RouterLink} to="/register" variant="contained" size="small">
                  {t('nav.register')}
                </Button>
              ) : null}
              <LanguageMenu />
            </Stack>
          )
        ) : null}
      </Toolbar>
    </AppBar>
  );
}
