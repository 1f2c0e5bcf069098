/**
 * The report dialog's steps as a pure reducer (tested on its own):
 *
 *   reason ──next──▶ details ──submit──▶ submitting ──succeeded──▶ done
 *     ▲                │  ▲                  │
 *     └─────back───────┘  └──────failed──────┘ (field errors about the reason go back to "reason")
 *
 * `next` needs a reason, and a text when the reason is `other`; `submit` also checks the details'
 * length. Errors are translation keys, per field.
 */
import { reportLimits, type ReportReason } from '@atelier/shared';

export type ReportStep = 'reason' | 'details' | 'submitting' | 'done';

export interface ReportDialogState {
  step: ReportStep;
  reason: ReportReason | null;
  otherReason: string;
  details: string;
  /** field (reason, otherReason, details) → translation key */
  fieldErrors: Record<string, string>;
  /** A translation key of an error not about one field. */
  error: string | null;
}

export type ReportDialogAction =
  | { type: 'selectReason'; reason: ReportReason }
  | { type: 'setOtherReason'; value: string }
  | { type: 'setDetails'; value: string }
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'submit' }
  | { type: 'failed'; code: string; fields?: Record<string, string> }
  | { type: 'succeeded' };

export const initialReportState: ReportDialogState = {
  step: 'reason',
  reason: null,
  otherReason: '',
  details: '',
  fieldErrors: {},
  error: null,
};

const reasonFields = ['reason', 'otherReason'];

function without(errors: Record<string, string>, field: string): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter(([key]) => key !== field));
}

function reasonErrors(state: ReportDialogState): Record<string, string> {
  if (!state.reason) return { reason: 'errors.reports.reasonRequired' };
  if (state.reason === 'other') {
    const text = state.otherReason.trim();
    if (!text) return { otherReason: 'errors.reports.otherReasonRequired' };
    if (text.length > reportLimits.otherReasonMax) {
      return { otherReason: 'errors.reports.otherReasonTooLong' };
    }
  }
  return {};
}

export function reportDialogReducer(
  state: ReportDialogState,
  action: ReportDialogAction,
): ReportDialogState {
  if (state.step === 'submitting' && action.type !== 'failed' && action.type !== 'succeeded') {
    return state;
  }
  switch (action.type) {
    case 'selectReason':
      return {
        ...state,
        reason: action.reason,
        fieldErrors: without(without(state.fieldErrors, 'reason'), 'otherReason'),
        error: null,
      };
    case 'setOtherReason':
      return {
        ...state,
        otherReason: action.value,
        fieldErrors: without(state.fieldErrors, 'otherReason'),
      };
    case 'setDetails':
      return {
        ...state,
        details: action.value,
        fieldErrors: without(state.fieldErrors, 'details'),
      };
    case 'next': {
      if (state.step !== 'reason') return state;
      const errors = reasonErrors(state);
      if (Object.keys(errors).length > 0) return { ...state, fieldErrors: errors };
      return { ...state, step: 'details', fieldErrors: {}, error: null };
    }
    case 'back':
      return state.step === 'details' ? { ...state, step: 'reason', error: null } : state;
    case 'submit': {
      if (state.step !== 'details') return state;
      const errors = reasonErrors(state);
      if (Object.keys(errors).length > 0) return { ...state, step: 'reason', fieldErrors: errors };
      if (state.details.trim().length > reportLimits.detailsMax) {
        return { ...state, fieldErrors: { details: 'errors.reports.detailsTooLong' } };
      }
      return { ...state, step: 'submitting', fieldErrors: {}, error: null };
    }
    case 'failed': {
      const fields = action.fields ?? {};
      const aboutReason = Object.keys(fields).some((f) => reasonFields.includes(f));
      const onFields = Object.keys(fields).length > 0;
      return {
        ...state,
        step: aboutReason ? 'reason' : 'details',
        fieldErrors: fields,
        error: onFields && action.code === 'errors.validation' ? null : action.code,
      };
    }
    case 'succeeded':
      return { ...state, step: 'done', error: null, fieldErrors: {} };
  }
}
