/**
 * Reports' requests as Zod schemas: a report, and a moderator's removal with its reason. Apart from
 * ./reports.ts (reasons, limits, types) so that a page needing only those does not load Zod.
 */
import { z } from 'zod';
import { reportLimits, reportReasons, reportTargetTypes, type ReportReason } from './reports.ts';

/** No reason yet (a form's empty choice): "Choose a reason."; an unknown one: "one of the reasons". */
const reasonSchema = z.enum(reportReasons, {
  error: (issue) =>
    issue.input === undefined || issue.input === ''
      ? 'errors.reports.reasonRequired'
      : 'errors.reports.reasonInvalid',
});
const otherReasonSchema = z
  .string({ error: 'errors.invalid' })
  .trim()
  .max(reportLimits.otherReasonMax, { error: 'errors.reports.otherReasonTooLong' })
  .nullish();

/** `otherReason` is required (non-empty) for `other`, and dropped for every other reason. */
function withOtherReason<
  T extends { reason: ReportReason; otherReason?: string | null | undefined },
  I,
>(schema: z.ZodType<T, I>) {
  return schema
    .superRefine((value, ctx) => {
      if (value.reason === 'other' && !value.otherReason) {
        ctx.addIssue({
          code: 'custom',
          path: ['otherReason'],
          message: 'errors.reports.otherReasonRequired',
        });
      }
    })
    .transform((value) => ({
      ...value,
      otherReason: value.reason === 'other' ? (value.otherReason ?? null) : null,
    }));
}

export const reportSchema = withOtherReason(
  z.object({
    targetType: z.enum(reportTargetTypes, { error: 'errors.reports.targetInvalid' }),
    targetId: z
      .string({ error: 'errors.reports.targetInvalid' })
      .min(1, { error: 'errors.reports.targetInvalid' })
      .max(100, { error: 'errors.reports.targetInvalid' }),
    reason: reasonSchema,
    otherReason: otherReasonSchema,
    details: z
      .string({ error: 'errors.invalid' })
      .trim()
      .max(reportLimits.detailsMax, { error: 'errors.reports.detailsTooLong' })
      .optional()
      .default(''),
  }),
);
export type ReportInput = z.input<typeof reportSchema>;
export type ParsedReportInput = z.output<typeof reportSchema>;

/** The body of "remove" on /reports: a reason from the list, or `other` with a text. */
export const removalSchema = withOtherReason(
  z.object({ reason: reasonSchema, otherReason: otherReasonSchema }),
);
export type RemovalInput = z.input<typeof removalSchema>;
