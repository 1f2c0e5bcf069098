/**
 * sharp (libvips), loaded on the first image that needs it: its native library weighs ~25 MB of
 * memory that an idle server need not hold. The server is bundled with its packages external, so
 * this import stays lazy in the build too.
 */
import type SharpModule from 'sharp';

let loading: Promise<typeof SharpModule> | undefined;

export const loadSharp = (): Promise<typeof SharpModule> =>
  (loading ??= import('sharp').then((m) => m.default));
