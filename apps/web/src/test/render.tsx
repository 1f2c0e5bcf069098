/**
 * Renders a piece of the app as the shell holds it: a fresh query client (no retries), the
 * feedback contexts (the test's snackbar and confirmation; by default silent, and "Cancel"), and a
 * router at `path`. Returns what `render` returns, and the query client.
 */
import type { ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  ConfirmContext,
  SnackbarContext,
  type ConfirmRequest,
  type SnackbarRequest,
} from '../app/feedback/context.ts';

export interface AppRenderOptions {
  path?: string;
  show?: (req: SnackbarRequest) => void;
  confirm?: (req: ConfirmRequest) => Promise<boolean>;
  /** The query client, if the test fills it first; by default a fresh one without retries. */
  client?: QueryClient;
}

export function renderInApp(
  ui: ReactNode,
  {
    path = '/',
    show = () => undefined,
    confirm = () => Promise.resolve(false),
    client = new QueryClient({
      defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
    }),
  }: AppRenderOptions = {},
): RenderResult & { client: QueryClient } {
  const view = render(
    <QueryClientProvider client={client}>
      <SnackbarContext value={{ show }}>
        <ConfirmContext value={{ confirm }}>
          <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
        </ConfirmContext>
      </SnackbarContext>
    </QueryClientProvider>,
  );
  return { ...view, client };
}
