import { useTranslation } from 'react-i18next';
import { LaterPage } from '../../components/LaterPage.tsx';

export default function SectionPage() {
  const { t } = useTranslation();
  return <LaterPage title={t('pages.section.title')} />;
}
