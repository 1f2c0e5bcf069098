/** /status-updates: the composer, then every status update, newest first, page by page. */
import { useTranslation } from '../../i18n/useTranslation.tsx';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { Page } from '../../components/Page.tsx';
import { StatusUpdateComposer } from '../../components/status-updates/StatusUpdateComposer.tsx';
import { StatusUpdateFeed } from '../../components/status-updates/StatusUpdateFeed.tsx';

export default function StatusUpdatesPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.statusUpdates.title')} intro={t('status.intro')} width="medium">
      <Card variant="outlined" component="section" aria-label={t('status.newUpdate')}>
        <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
          <StatusUpdateComposer />
        </CardContent>
      </Card>
      <StatusUpdateFeed author={null} />
    </Page>
  );
}
