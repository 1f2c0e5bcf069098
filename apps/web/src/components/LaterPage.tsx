/** A page the seed names whose content arrives in a later release: its title and an honest note. */
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Page } from './Page.tsx';

export function LaterPage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Page title={title}>
      <Typography color="text.secondary">{t('later.body')}</Typography>
      <div>
        <Button component={RouterLink} to="/" variant="outlined">
          {t('later.backHome')}
        </Button>
      </div>
    </Page>
  );
}
