/**
 * Tests render with the English messages, loaded synchronously; jest-dom adds DOM matchers.
 * `findBy…` and `waitFor` wait up to 15 s (Testing Library's default is 1 s): what they wait for
 * often sits in a chunk imported on first use (a dialog, the Markdown preview), and on a busy
 * machine (CI runs the server suites beside these) its first import can take seconds. They
 * return as soon as it is there.
 */
import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import en from '@atelier/shared/locales/en.json';
import { addMessages } from '../i18n/translate.ts';

configure({ asyncUtilTimeout: 15_000 });

// English is the language before any change.
addMessages('en', en);

afterEach(() => {
  cleanup();
});
