import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { installClientErrorReporting } from './app/clientErrors.ts';
import { loadFirstScreen } from './app/firstScreen.ts';
import { createQueryClient, listenForFocus } from './api/queryClient.ts';
import { initI18n } from './i18n/index.ts';

installClientErrorReporting();
listenForFocus();

async function start(): Promise<void> {
  const queryClient = createQueryClient();
  // The messages and the first screen's data (both on their way since the page's preloads).
  await Promise.all([initI18n(), loadFirstScreen(queryClient)]);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
}

void start();
