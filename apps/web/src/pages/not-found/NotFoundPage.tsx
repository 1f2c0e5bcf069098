import { useTranslation } from '../../i18n/useTranslation.tsx';
import Typography from '@mui/material/Typography';
import { BackHome } from '../../components/LoadFailedPage.tsx';
import { Page } from '../../components/Page.tsx';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.notFound.title')}>
      <Typography color="text.secondary">{t('pages.notFound.body')}</Typography>
      <BackHome />
    </Page>
  );
}
