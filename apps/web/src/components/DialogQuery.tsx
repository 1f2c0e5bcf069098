/**
 * What a dialog shows of its query: a spinner named `loading` while it loads, its translated error
 * if it failed, else `children()` (called only then, once the data is there).
 */
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/useTranslation.tsx';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { isApiError } from '../api/client.ts';
import { translateError } from './errors.ts';

export function DialogQuery({
  query,
  loading,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown };
  loading: string;
  children: () => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
        <CircularProgress aria-label={loading} />
      </Box>
    );
  }
  if (query.isError) {
    return (
      <Alert severity="error">
        {translateError(t, isApiError(query.error) ? query.error.code : null)}
      </Alert>
    );
  }
  return children();
}
