/**
 * What the production build gets for `react` (vite.config.ts): `preact/compat`, without
 * `useInsertionEffect`, and with a `useId` unique in the document.
 *
 * Emotion (MUI's styles) inserts a component's CSS in `useInsertionEffect` when React has one,
 * and during render otherwise. compat's `useInsertionEffect` is a layout effect, and a tree that
 * suspended (a lazy page, a lazy dialog) can reach the document before its layout effects run:
 * the browser tests caught a form's buttons, unstyled, in the system's grey. Without the hook,
 * Emotion writes the CSS while rendering, so it is in the document before the elements are.
 */
// @ts-expect-error compat's types are written `export =`; the ESM build re-exported here has names
export * from 'preact/compat';
export { default } from 'preact/compat';
import { useState } from 'preact/hooks';

export const useInsertionEffect = undefined;

/**
 * Preact's `useId` counts from `P0-0` again in every render root and behind every lazy boundary:
 * a portal (a dialog) and the page under it gave two fields the same id, and the dialog's label
 * named the page's text area (the browser tests found the report dialog's field by its label no
 * more). Here an id is drawn once per component from one counter for the document, as React's
 * are unique in a root. The app renders in the browser only: no server markup to match.
 */
let lastId = 0;
const nextId = () => `:p${(++lastId).toString(36)}:`;

export function useId(): string {
  return useState(nextId)[0];
}
