import { useTranslation } from 'react-i18next';
import { LaterPage } from '../../components/LaterPage.tsx';

export default function TagsPage() {
  const { t } = useTranslation();
  return <LaterPage title={t('pages.tags.title')} />;
}
