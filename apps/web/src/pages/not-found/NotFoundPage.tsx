import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Page } from '../../components/Page.tsx';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.notFound.title')}>
      <Typography color="text.secondary">{t('pages.notFound.body')}</Typography>
      <div>
        <Button component={RouterLink} to="/" variant="outlined">
          {t('later.backHome')}
        </Button>
      </div>
    </Page>
  );
}
