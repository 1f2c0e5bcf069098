/** /u/:username — where `@username` in Markdown leads: finds the user and opens their profile. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import { Navigate, useParams } from 'react-router';
import Typography from '@mui/material/Typography';
import { routeQuery } from '../../api/route.ts';
import { Page } from '../../components/Page.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';

export default function UsernamePage() {
  const { t } = useTranslation();
  const { username = '' } = useParams();
  const found = useQuery({
    ...routeQuery(
      ['userByUsername', username.toLowerCase()],
      'GET /api/users/by-username/:username',
      { params: { username } },
    ),
    retry: false,
  });
  if (found.data) return <Navigate to={`/users/${found.data.id}`} replace />;
  if (found.isError) {
    return (
      <Page title={`@${username}`}>
        <Typography role="alert">{t('errors.userNotFound')}</Typography>
      </Page>
    );
  }
  return <PageSpinner />;
}
