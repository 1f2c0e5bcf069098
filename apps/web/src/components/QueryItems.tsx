/** What a list query shows: its error, `pending` while loading, `empty`, or the items. */
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/useTranslation.tsx';
import type { UseQueryResult } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import { isApiError } from '../api/client.ts';
import { translateError } from './errors.ts';

export function QueryItems<T>({
  query,
  pending = null,
  empty,
  children,
}: {
  query: UseQueryResult<T[]>;
  pending?: ReactNode;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isError) {
    return (
      <Alert severity="error">
        {translateError(t, isApiError(query.error) ? query.error.code : null)}
      </Alert>
    );
  }
  if (query.isPending) return pending;
  return query.data.length === 0 ? empty : children(query.data);
}

/** The props of a list built on QueryItems: the query, the text when empty, one item. */
export interface ListOfQuery<T> {
  query: UseQueryResult<T[]>;
  empty: string;
  /** One item (with its key). */
  children: (item: T) => ReactNode;
}
