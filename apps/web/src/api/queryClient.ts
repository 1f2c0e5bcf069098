/**
 * The app's query client. Client errors (4xx) are not retried: they will not change by asking
 * again. Focus is taken from both the window's `focus` and the document's `visibilitychange`,
 * so coming back to the tab refetches the current user (a role change or a ban shows at once).
 */
import { focusManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from './client.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failureCount < 2;
        },
        refetchOnWindowFocus: false,
        // Data a page just loaded is not fetched again by the components that mount after it
        // came (a post page read its post twice); what changes is invalidated by the mutations
        // and the live events, whatever its age.
        staleTime: 5_000,
      },
      mutations: { retry: false },
    },
  });
}

export function listenForFocus(): void {
  focusManager.setEventListener((handleFocus) => {
    const onFocus = () => handleFocus();
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onFocus);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onFocus);
    };
  });
}
