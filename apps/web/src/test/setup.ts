/** Tests render with the English messages, loaded synchronously; jest-dom adds DOM matchers. */
import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import en from '../i18n/locales/en.json';
import { addMessages } from '../i18n/translate.ts';

// English is the language before any change.
addMessages('en', en);

afterEach(() => {
  cleanup();
});
