/** /banned: the notice, the moderator's reason, a link to Account and Log out. */
import { useTranslation } from '../../i18n/useTranslation.tsx';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMe } from '../../api/me.ts';
import { useLogout } from '../../app/shell/useLogout.ts';
import { CardPage } from '../../components/Page.tsx';
import { Quote } from '../../components/Quote.tsx';

export default function BannedPage() {
  const { t } = useTranslation();
  const me = useMe().data;
  const logout = useLogout();
  return (
    <CardPage title={t('banned.title')} narrow>
      <Typography>{t('banned.body')}</Typography>
      <Typography variant="subtitle2" component="h2">
        {t('banned.reason')}
      </Typography>
      <Quote color="error.main">{me?.banReason || t('banned.noReason')}</Quote>
      <Typography variant="body2" color="text.secondary">
        {t('banned.note')}
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button component={RouterLink} to="/account" variant="outlined">
          {t('nav.account')}
        </Button>
        <Button variant="contained" color="inherit" onClick={() => void logout()}>
          {t('nav.logout')}
        </Button>
      </Stack>
    </CardPage>
  );
}
