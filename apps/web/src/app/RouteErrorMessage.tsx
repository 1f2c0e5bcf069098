import { useTranslation } from '../i18n/useTranslation.tsx';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export function RouteErrorMessage() {
  const { t } = useTranslation();
  return (
    <Stack
      spacing={2}
      sx={{ py: 6, maxWidth: 560, mx: 'auto', textAlign: 'center', alignItems: 'center' }}
    >
      <Typography variant="h4" component="h1">
        {t('routeError.title')}
      </Typography>
      <Typography color="text.secondary">{t('routeError.body')}</Typography>
      <Stack direction="row" spacing={2}>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </Button>
        <Button component={RouterLink} to="/">
          {t('nav.home')}
        </Button>
      </Stack>
    </Stack>
  );
}
