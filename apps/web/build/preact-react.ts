/**
 * What the production build gets for `react` (vite.config.ts): `preact/compat`, without
 * `useInsertionEffect`.
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

export const useInsertionEffect = undefined;
