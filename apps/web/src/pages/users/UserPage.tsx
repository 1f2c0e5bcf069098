import { useTranslation } from 'react-i18next';
import { LaterPage } from '../../components/LaterPage.tsx';

export default function UserPage() {
  const { t } = useTranslation();
  return <LaterPage title={t('pages.user.title')} />;
}
