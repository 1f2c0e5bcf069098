/**
 * A dialog around one form of useZodForm: the title, an optional description, the form's error,
 * the fields, then Cancel and the confirm button. It closes once `onSubmit` has resolved, and
 * cannot be closed while the request is in flight.
 */
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from '../i18n/useTranslation.tsx';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { FormError } from './FormError.tsx';
import type { ZodForm } from './useZodForm.ts';

export function FormDialog<Out>({
  id,
  title,
  description,
  form,
  onSubmit,
  onClose,
  confirmText,
  confirmColor = 'primary',
  maxWidth = 'sm',
  children,
}: {
  /** The dialog is named by its title, `${id}-title`. */
  id: string;
  title: string;
  description?: string;
  form: Pick<ZodForm<FieldValues, Out>, 'submit' | 'error' | 'pending'>;
  onSubmit: (values: Out) => Promise<unknown>;
  onClose: () => void;
  confirmText: string;
  confirmColor?: 'primary' | 'success' | 'warning' | 'error';
  maxWidth?: 'xs' | 'sm';
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onClose={form.pending ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      fullWidth
      maxWidth={maxWidth}
    >
      <form
        noValidate
        onSubmit={form.submit(async (values) => {
          await onSubmit(values);
          onClose();
        })}
      >
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {description ? <DialogContentText>{description}</DialogContentText> : null}
            <FormError error={form.error} />
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={form.pending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" color={confirmColor} loading={form.pending}>
            {confirmText}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
