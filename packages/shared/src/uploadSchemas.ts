/** Direct uploads' requests as Zod schemas (apart from ./upload.ts so the web's size check needs no Zod). */
import { z } from 'zod';
import { limits } from './limits.ts';
import { directUploadTypes } from './upload.ts';

export const directUploadRequestSchema = z.object({
  mime: z.enum(directUploadTypes),
  bytes: z.number().int().min(1).max(limits.videoUploadBytes),
});
export type DirectUploadRequest = z.infer<typeof directUploadRequestSchema>;

export const directUploadCompleteSchema = z.object({ token: z.string().min(1).max(2000) });
