/**
 * The avatar menu (seed): username, role label, Profile (with access), Account, Applications and
 * Reports (moderators), Tags and Mod log (moderators, beyond the seed), a Language submenu, Log out.
 */
import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import { Link as RouterLink } from 'react-router';
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
import type { SvgIconComponent } from '@mui/icons-material';
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
  /** An item leading to `to` (the menu closes). */
  const link = (to: string, Icon: SvgIconComponent, label: string) => (
    <MenuItem component={RouterLink} to={to} onClick={close}>
      <ListItemIcon>
        <Icon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );

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
        {/* Who is signed in: an item that cannot be chosen (a menu may hold only items,
            groups and separators), skipped by the arrow keys, shown at full contrast. */}
        <MenuItem
          disabled
          sx={{
            display: 'block',
            py: 1,
            whiteSpace: 'normal',
            '&.Mui-disabled': { opacity: 1 },
          }}
        >
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {user.username}
          </Typography>
          <RoleLabel role={user.displayedRole} />
        </MenuItem>
        <Divider />
        {user.hasAccess ? link(`/users/${user.id}`, PersonIcon, t('nav.profile')) : null}
        {link('/account', SettingsIcon, t('nav.account'))}
        {user.isModerator ? link('/applications', AssignmentIcon, t('nav.applications')) : null}
        {user.isModerator ? link('/reports', FlagIcon, t('nav.reports')) : null}
        {user.isModerator ? link('/tags', LocalOfferIcon, t('nav.tags')) : null}
        {user.isModerator ? link('/mod-log', HistoryIcon, t('moderation.nav.modLog')) : null}
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
