/**
 * A page whose subject could not be loaded (a post, a section, a series): "not found" with its own
 * words on a 404, the translated error otherwise, and "Back home" (`BackHome`, also under the 404
 * page) unless left out. Plain elements with the look of MUI's Alert and outlined Button (Notice,
 * the shell's button sheet): the post page loads no MUI.
 */
import type { ComponentProps } from 'react';
import { useTranslation } from '../i18n/useTranslation.tsx';
import { AppLink } from './AppLink.tsx';
import { isApiError } from '../api/client.ts';
import shell from '../app/shell/shell.module.css';
import { Notice } from './Notice.tsx';
import { translateError } from './errors.ts';
import { Page } from './Page.tsx';

export function BackHome() {
  const { t } = useTranslation();
  return (
    <div>
      <AppLink to="/" className={shell.outlinedMedium}>
        {t('later.backHome')}
      </AppLink>
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
      <Notice severity={missing ? 'info' : 'error'}>
        {missing ? notFound.body : translateError(t, isApiError(error) ? error.code : null)}
      </Notice>
      {backHome ? <BackHome /> : null}
    </Page>
  );
}
