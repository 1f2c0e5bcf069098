/** Text fields several schemas share. */
import { z } from 'zod';

/**
 * A text that must be written: trimmed, errors.required when empty, `tooLong` (a translation key)
 * beyond `max` characters.
 */
export const requiredText = (max: number, tooLong: string) =>
  z
    .string({ error: 'errors.required' })
    .trim()
    .min(1, { error: 'errors.required' })
    .max(max, { error: tooLong });
