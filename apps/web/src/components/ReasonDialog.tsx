/**
 * A dialog asking for a required text (rejection note, ban reason) before a moderator action.
 * Validation uses the shared schema of the action (useZodForm); server errors show next to the field.
 */
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { z } from 'zod';
import { FormError } from './FormError.tsx';
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
    <Dialog
      open
      onClose={form.pending ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      fullWidth
      maxWidth="sm"
    >
      <form
        noValidate
        onSubmit={form.submit(async () => {
          await onSubmit(form.getValues(field).trim());
          onClose();
        })}
      >
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{description}</DialogContentText>
            <FormError error={form.error} />
            <TextField
              {...input}
              inputRef={ref}
              label={label}
              multiline
              minRows={3}
              error={Boolean(message)}
              helperText={message ?? t('common.counter', { count: text.length, max: maxLength })}
              slotProps={{ htmlInput: { maxLength } }}
              fullWidth
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={form.pending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" color={confirmColor} disabled={form.pending}>
            {confirmText}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
