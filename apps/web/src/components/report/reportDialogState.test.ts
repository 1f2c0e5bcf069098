/** The report dialog's steps, as a pure reducer. */
import { describe, expect, it } from 'vitest';
import {
  initialReportState,
  reportDialogReducer as reduce,
  type ReportDialogAction,
  type ReportDialogState,
} from './reportDialogState.ts';

const run = (...actions: ReportDialogAction[]): ReportDialogState =>
  actions.reduce(reduce, initialReportState);

describe('report dialog state', () => {
  it('needs a reason before the details step', () => {
    const s = run({ type: 'next' });
    expect(s.step).toBe('reason');
    expect(s.fieldErrors).toEqual({ reason: 'errors.reports.reasonRequired' });
    const chosen = reduce(s, { type: 'selectReason', reason: 'spam' });
    expect(chosen.fieldErrors).toEqual({});
    expect(reduce(chosen, { type: 'next' }).step).toBe('details');
  });

  it('needs a text for `other`, trimmed, of at most 200 characters', () => {
    const other = run(
      { type: 'selectReason', reason: 'other' },
      { type: 'setOtherReason', value: '   ' },
      { type: 'next' },
    );
    expect(other.step).toBe('reason');
    expect(other.fieldErrors).toEqual({ otherReason: 'errors.reports.otherReasonRequired' });
    const typed = reduce(other, { type: 'setOtherReason', value: 'Stolen artwork' });
    expect(typed.fieldErrors).toEqual({});
    expect(reduce(typed, { type: 'next' }).step).toBe('details');
    const long = reduce(typed, { type: 'setOtherReason', value: 'x'.repeat(201) });
    expect(reduce(long, { type: 'next' }).fieldErrors).toEqual({
      otherReason: 'errors.reports.otherReasonTooLong',
    });
  });

  it('goes back keeping what was typed, submits, and ignores input while sending', () => {
    const details = run(
      { type: 'selectReason', reason: 'harassment' },
      { type: 'next' },
      { type: 'setDetails', value: 'Repeated insults' },
    );
    const back = reduce(details, { type: 'back' });
    expect(back).toMatchObject({
      step: 'reason',
      reason: 'harassment',
      details: 'Repeated insults',
    });
    const sending = run(
      { type: 'selectReason', reason: 'harassment' },
      { type: 'next' },
      { type: 'setDetails', value: 'Repeated insults' },
      { type: 'submit' },
    );
    expect(sending.step).toBe('submitting');
    expect(reduce(sending, { type: 'selectReason', reason: 'spam' })).toBe(sending);
    expect(reduce(sending, { type: 'succeeded' }).step).toBe('done');
  });

  it('refuses details over 2,000 characters', () => {
    const s = run(
      { type: 'selectReason', reason: 'spam' },
      { type: 'next' },
      { type: 'setDetails', value: 'x'.repeat(2001) },
      { type: 'submit' },
    );
    expect(s).toMatchObject({
      step: 'details',
      fieldErrors: { details: 'errors.reports.detailsTooLong' },
    });
  });

  it('shows server errors: field errors about the reason go back to its step, others stay', () => {
    const sending = run(
      { type: 'selectReason', reason: 'spam' },
      { type: 'next' },
      { type: 'submit' },
    );
    const reasonError = reduce(sending, {
      type: 'failed',
      code: 'errors.validation',
      fields: { otherReason: 'errors.reports.otherReasonRequired' },
    });
    expect(reasonError).toMatchObject({
      step: 'reason',
      error: null,
      fieldErrors: { otherReason: 'errors.reports.otherReasonRequired' },
    });
    const limited = reduce(sending, { type: 'failed', code: 'errors.rateLimited' });
    expect(limited).toMatchObject({
      step: 'details',
      error: 'errors.rateLimited',
      fieldErrors: {},
    });
  });
});
