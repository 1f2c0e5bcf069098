/**
 * The avatar menu (seed): username, role label, Profile (with access), Account, Applications and
 * Reports (moderators), Tags and Mod log (moderators, beyond the seed), a Language submenu, Log out.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import PersonIcon from '@mui/icons-material/Person';
import SettingsIcon from '@mui/icons-material/Settings';
import AssignmentIcon from '@mui/icons-material/Assignment';
import FlagIcon from '@mui/icons-material/Flag';
import HistoryIcon from '@mui/icons-material/History';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import TranslateIcon from '@mui/icons-material/Translate';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import LogoutIcon from '@mui/icons-material/Logout';
import type { CurrentUser } from '@atelier/shared';
import { RoleLabel } from '../../components/RoleLabel.tsx';
import { useLanguageItems } from './LanguageItems.tsx';
import { useLogout } from './useLogout.ts';

export default function UserMenuPopup({
  user,
  anchor,
  onClose,
}: {
  user: CurrentUser;
  anchor: HTMLElement;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [langAnchor, setLangAnchor] = useState<HTMLElement | null>(null);
  const logout = useLogout();
  const close = () => {
    setLangAnchor(null);
    onClose();
  };
  const languageItems = useLanguageItems(close);

  return (
    <>
      <Menu
        id="user-menu"
        anchorEl={anchor}
        open
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 220, maxWidth: 'calc(100vw - 32px)' } } }}
      >
        <Box sx={{ px: 2, py: 1 }} role="presentation">
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {user.username}
          </Typography>
          <RoleLabel role={user.displayedRole} />
        </Box>
        <Divider />
        {user.hasAccess ? (
          <MenuItem component={RouterLink} to={`/users/${user.id}`} onClick={close}>
            <ListItemIcon>
              <PersonIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('nav.profile')}</ListItemText>
          </MenuItem>
        ) : null}
        <MenuItem component={RouterLink} to="/account" onClick={close}>
          <ListItemIcon>
            <SettingsIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('nav.account')}</ListItemText>
        </MenuItem>
        {user.isModerator ? (
          <MenuItem component={RouterLink} to="/applications" onClick={close}>
            <ListItemIcon>
              <AssignmentIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('nav.applications')}</ListItemText>
          </MenuItem>
        ) : null}
        {user.isModerator ? (
          <MenuItem component={RouterLink} to="/reports" onClick={close}>
            <ListItemIcon>
              <FlagIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('nav.reports')}</ListItemText>
          </MenuItem>
        ) : null}
        {user.isModerator ? (
          <MenuItem component={RouterLink} to="/tags" onClick={close}>
            <ListItemIcon>
              <LocalOfferIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('nav.tags')}</ListItemText>
          </MenuItem>
        ) : null}
        {user.isModerator ? (
          <MenuItem component={RouterLink} to="/mod-log" onClick={close}>
            <ListItemIcon>
              <HistoryIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('moderation.nav.modLog')}</ListItemText>
          </MenuItem>
        ) : null}
        <MenuItem
          aria-haspopup="menu"
          aria-expanded={langAnchor ? 'true' : 'false'}
          onClick={(e) => setLangAnchor(e.currentTarget)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') setLangAnchor(e.currentTarget);
          }}
        >
          <ListItemIcon>
            <TranslateIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('nav.language')}</ListItemText>
          <ChevronRightIcon fontSize="small" sx={{ ml: 1, color: 'text.secondary' }} />
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            void logout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('nav.logout')}</ListItemText>
        </MenuItem>
      </Menu>
      <Menu
        id="user-language-menu"
        anchorEl={langAnchor}
        open={Boolean(langAnchor)}
        onClose={() => setLangAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {languageItems}
      </Menu>
    </>
  );
}
