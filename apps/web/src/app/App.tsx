/**
 * Providers (theme, messages, query cache, the current user, snackbar, confirmation dialog) around
 * the routes.
 */
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { CurrentUserProvider } from '../api/me.ts';
import { createQueryClient } from '../api/queryClient.ts';
import { TranslationProvider } from '../i18n/useTranslation.tsx';
import { ConfirmProvider } from './feedback/ConfirmProvider.tsx';
import { SnackbarProvider } from './feedback/SnackbarProvider.tsx';
import { AppRoutes } from './router.tsx';
import { theme } from './theme.ts';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      <TranslationProvider>
        <QueryClientProvider client={queryClient}>
          <CurrentUserProvider>
            <SnackbarProvider>
              <ConfirmProvider>
                <BrowserRouter>
                  <AppRoutes />
                </BrowserRouter>
              </ConfirmProvider>
            </SnackbarProvider>
          </CurrentUserProvider>
        </QueryClientProvider>
      </TranslationProvider>
    </ThemeProvider>
  );
}
