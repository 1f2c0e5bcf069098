/**
 * A dialog asking for a required text (rejection note, ban reason) before a moderator action.
 * Validation uses the shared schema of the action; server errors show next to the field.
 */
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { issuesToFieldErrors, serverFieldErrors } from './errors.ts';
import { FormError } from './FormError.tsx';
import { useFieldErrors } from './useFieldErrors.ts';

type Parse = (
  value: string,
) =>
  | { success: true }
  | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };

export function ReasonDialog({
  id,
  title,
  description,
  label,
  field,
  maxLength,
  confirmText,
  confirmColor,
  parse,
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
  parse: Parse;
  onSubmit: (text: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const fields = useFieldErrors();

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const parsed = parse(text);
    if (!parsed.success) {
      fields.setErrors(issuesToFieldErrors(parsed.error.issues));
      return;
    }
    setPending(true);
    setError(null);
    try {
      await onSubmit(text.trim());
      onClose();
    } catch (err) {
      setError(err);
      fields.setErrors(serverFieldErrors(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      fullWidth
      maxWidth="sm"
    >
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{description}</DialogContentText>
            <FormError error={error} />
            <TextField
              label={label}
              multiline
              minRows={3}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                fields.clear(field);
              }}
              error={Boolean(fields.message(field))}
              helperText={
                fields.message(field) ?? t('common.counter', { count: text.length, max: maxLength })
              }
              slotProps={{ htmlInput: { maxLength } }}
              fullWidth
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" color={confirmColor} disabled={pending}>
            {confirmText}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
