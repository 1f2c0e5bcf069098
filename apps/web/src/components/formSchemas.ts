/**
 * The request schemas of the forms that load Zod after the first screen (useZodForm's loader
 * form): importing this module is what loads Zod, so import it only with `import()`.
 */
export {
  commentSchema,
  registerSchema,
  resetRequestSchema,
  signInSchema,
  statusUpdateSchema,
} from '@atelier/shared';
