/**
 * The query of GET /api/presence (server side). Kept apart from presence.ts so that the web's
 * always-loaded shell, which reads only the types and the limit, does not pull in Zod.
 */
import { z } from 'zod';
import { presenceBatchLimit } from './presence.ts';

export const presenceQuerySchema = z.object({
  ids: z
    .string()
    .max(presenceBatchLimit * 101)
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string().min(1).max(100)).min(1).max(presenceBatchLimit)),
});
