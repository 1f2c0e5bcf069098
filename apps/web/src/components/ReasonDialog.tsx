/**
 * A dialog asking for a required text (rejection note, ban reason) before a moderator action.
 * Validation uses the shared schema of the action (useZodForm); server errors show next to the field.
 */
import { useTranslation } from '../i18n/useTranslation.tsx';
import { TextInput } from './TextInput.tsx';
import type { z } from 'zod';
import { banSchema, limits } from '@atelier/shared';
import { FormDialog } from './FormDialog.tsx';
import { useZodForm } from './useZodForm.ts';

export function ReasonDialog({
  id,
  title,
  description,
  label,
  field,
  maxLength,
  confirmText,
  confirmColor,
  schema,
  onSubmit,
  onClose,
}: {
  id: string;
  title: string;
  description: string;
  label: string;
  /** The name of the field in the request body (note, reason). */
  field: string;
  maxLength: number;
  confirmText: string;
  confirmColor: 'primary' | 'error' | 'warning';
  /** The shared schema of the request body, whose only field is `field`. */
  schema: z.ZodType<unknown, Record<string, string>>;
  onSubmit: (text: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useZodForm(schema, { [field]: '' });
  const text = form.watch(field) ?? '';
  const { ref, ...input } = form.register(field);
  const message = form.message(field);

  return (
    <FormDialog
      id={id}
      title={title}
      description={description}
      form={form}
      onSubmit={() => onSubmit(form.getValues(field).trim())}
      onClose={onClose}
      confirmText={confirmText}
      confirmColor={confirmColor}
    >
      <TextInput
        {...input}
        inputRef={ref}
        label={label}
        multiline
        minRows={3}
        error={Boolean(message)}
        helperText={message ?? t('common.counter', { count: text.length, max: maxLength })}
        maxLength={maxLength}
        fullWidth
      />
    </FormDialog>
  );
}

/** The reason of a ban (from a profile, an application or a report), checked by `banSchema`. */
export function BanDialog(
  props: Pick<
    Parameters<typeof ReasonDialog>[0],
    'id' | 'title' | 'description' | 'label' | 'confirmText' | 'onSubmit' | 'onClose'
  >,
) {
  return (
    <ReasonDialog
      {...props}
      field="reason"
      maxLength={limits.banReasonMax}
      confirmColor="error"
      schema={banSchema}
    />
  );
}
