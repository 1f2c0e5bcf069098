/** Path parameters several route files share. */
import { z } from 'zod';

/** `:id` as a uuid (with `paramsNotFound`, anything else is that 404). */
export const uuidParams = z.object({ id: z.uuid() });
