/** Providers (theme, messages, query cache, snackbar, confirmation dialog) around the routes. */
import { BrowserRouter } from 'react-router';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { TranslationProvider } from '../i18n/useTranslation.tsx';
import { ConfirmProvider } from './feedback/ConfirmProvider.tsx';
import { SnackbarProvider } from './feedback/SnackbarProvider.tsx';
import { AppRoutes } from './router.tsx';
import { theme } from './theme.ts';

/** `queryClient`: main.tsx's, which the first screen's data was loaded into. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      <TranslationProvider>
        <QueryClientProvider client={queryClient}>
          <SnackbarProvider>
            <ConfirmProvider>
              <BrowserRouter>
                <AppRoutes />
              </BrowserRouter>
            </ConfirmProvider>
          </SnackbarProvider>
        </QueryClientProvider>
      </TranslationProvider>
    </ThemeProvider>
  );
}
