/** Text fields several schemas share. */
import { z } from 'zod';

const written = (text: z.ZodString, max: number, tooLong: string) =>
  text.trim().min(1, { error: 'errors.required' }).max(max, { error: tooLong });

/**
 * A text that must be written: trimmed, errors.required when missing or empty, `tooLong` (a
 * translation key) beyond `max` characters.
 */
export const requiredText = (max: number, tooLong: string) =>
  written(z.string({ error: 'errors.required' }), max, tooLong);

/** The same, except that a value that is not a string at all gets zod's own message. */
export const writtenText = (max: number, tooLong: string) => written(z.string(), max, tooLong);
