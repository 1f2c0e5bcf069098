/**
 * The reason of a report or a removal, in a `useZodForm` form on a schema with `reason` and
 * `otherReason`: the reasons as radios (the group named by its visible label), and for `other` a
 * text field with its counter, which takes the keyboard when it appears.
 */
import { useEffect } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import type { FieldValues, Path } from 'react-hook-form';
import FormHelperText from '@mui/material/FormHelperText';
import { TextInput } from '../TextInput.tsx';
import { reportLimits, reportReasons, type ReportReason } from '@atelier/shared';
import { RadioField } from '../RadioField.tsx';
import type { ZodForm } from '../useZodForm.ts';

export function ReasonFields<T extends FieldValues>({
  form,
  labelId,
  label,
  otherLabel,
}: {
  form: ZodForm<T, unknown>;
  /** The id of the radios' visible label. */
  labelId: string;
  label: string;
  /** The label of the text asked for `other`. */
  otherLabel: string;
}) {
  const { t } = useTranslation();
  const reasonName = 'reason' as Path<T>;
  const otherName = 'otherReason' as Path<T>;
  const reason = form.watch(reasonName) as ReportReason | '';
  const otherReason = (form.watch(otherName) as string | null | undefined) ?? '';
  const { setFocus } = form;
  useEffect(() => {
    if (reason === 'other') setFocus(otherName);
  }, [reason, setFocus, otherName]);
  const reasonMessage = form.message(reasonName);

  return (
    <>
      <RadioField
        control={form.control}
        name={reasonName}
        labelId={labelId}
        label={label}
        options={reportReasons.map((r) => ({ value: r, label: t(`reports.reasons.${r}`) }))}
        error={Boolean(reasonMessage)}
        required
        small
        onPick={() => form.clearErrors(otherName)}
      >
        {reasonMessage ? <FormHelperText>{reasonMessage}</FormHelperText> : null}
      </RadioField>
      {reason === 'other' ? (
        <TextInput
          {...form.field(
            otherName,
            t('common.counter', { count: otherReason.length, max: reportLimits.otherReasonMax }),
          )}
          label={otherLabel}
          required
          maxLength={reportLimits.otherReasonMax}
          fullWidth
        />
      ) : null}
    </>
  );
}
