/**
 * Providers (messages, query cache, the current user, snackbar, confirmation dialog) around the
 * routes. No theme provider: MUI's components take the app's theme as their default one
 * (build/mui-theme.ts), and the base styles are a static sheet (base.css).
 */
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { CurrentUserProvider } from '../api/me.ts';
import { AppNavigationProvider } from '../components/AppLink.tsx';
import { createQueryClient } from '../api/queryClient.ts';
import { TranslationProvider } from '../i18n/useTranslation.tsx';
import { ConfirmProvider } from './feedback/ConfirmProvider.tsx';
import { SnackbarProvider } from './feedback/SnackbarProvider.tsx';
import { AppRoutes } from './router.tsx';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <TranslationProvider>
      <QueryClientProvider client={queryClient}>
        <CurrentUserProvider>
          <SnackbarProvider>
            <ConfirmProvider>
              <BrowserRouter>
                <AppNavigationProvider>
                  <AppRoutes />
                </AppNavigationProvider>
              </BrowserRouter>
            </ConfirmProvider>
          </SnackbarProvider>
        </CurrentUserProvider>
      </QueryClientProvider>
    </TranslationProvider>
  );
}
