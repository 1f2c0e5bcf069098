import 'virtual:atelier/theme-vars.css';
import './app/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { installClientErrorReporting } from './app/clientErrors.ts';
import { listenForFocus } from './api/queryClient.ts';
import { initI18n } from './i18n/index.ts';

installClientErrorReporting();
listenForFocus();

async function start(): Promise<void> {
  await initI18n();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
