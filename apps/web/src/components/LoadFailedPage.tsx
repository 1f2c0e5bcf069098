/**
 * A page whose subject could not be loaded (a post, a section, a series): "not found" with its own
 * words on a 404, the translated error otherwise, and "Back home" (`BackHome`, also under the 404
 * page) unless left out.
 */
import type { ComponentProps } from 'react';
import { useTranslation } from '../i18n/useTranslation.tsx';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { isApiError } from '../api/client.ts';
import { translateError } from './errors.ts';
import { Page } from './Page.tsx';

export function BackHome() {
  const { t } = useTranslation();
  return (
    <div>
      <Button component={RouterLink} to="/" variant="outlined">
        {t('later.backHome')}
      </Button>
    </div>
  );
}

export function LoadFailedPage({
  error,
  title,
  notFound,
  width,
  backHome = true,
}: {
  error: unknown;
  /** The page's usual title, kept for any other error. */
  title: string;
  notFound: { title: string; body: string };
  width?: ComponentProps<typeof Page>['width'];
  /** Whether "Back home" follows the message. */
  backHome?: boolean;
}) {
  const { t } = useTranslation();
  const missing = isApiError(error) && error.status === 404;
  return (
    <Page width={width} title={missing ? notFound.title : title}>
      <Alert severity={missing ? 'info' : 'error'}>
        {missing ? notFound.body : translateError(t, isApiError(error) ? error.code : null)}
      </Alert>
      {backHome ? <BackHome /> : null}
    </Page>
  );
}
