/**
 * Removing reported content: a reason from the list (the post's author sees it in the removal
 * notification), or `other` with a text. Validated with the shared schema; server field errors
 * show next to the fields.
 */
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  removalSchema,
  reportLimits,
  reportReasons,
  type RemovalInput,
  type ReportReason,
  type RemovableTargetType,
} from '@atelier/shared';
import { issuesToFieldErrors, serverFieldErrors } from '../../components/errors.ts';
import { FormError } from '../../components/FormError.tsx';
import { useFieldErrors } from '../../components/useFieldErrors.ts';

export function RemoveDialog({
  targetType,
  initialReason,
  onSubmit,
  onClose,
}: {
  targetType: RemovableTargetType;
  /** The reason most reporters gave, preselected. */
  initialReason: ReportReason | null;
  onSubmit: (input: RemovalInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<ReportReason | ''>(initialReason ?? '');
  const [otherReason, setOtherReason] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const fields = useFieldErrors();
  const otherRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (reason === 'other') otherRef.current?.focus();
  }, [reason]);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const parsed = removalSchema.safeParse({
      reason,
      otherReason: reason === 'other' ? otherReason : null,
    });
    if (!parsed.success) {
      fields.setErrors(issuesToFieldErrors(parsed.error.issues));
      return;
    }
    setPending(true);
    setError(null);
    try {
      await onSubmit(parsed.data);
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
      aria-labelledby="remove-dialog-title"
      fullWidth
      maxWidth="sm"
    >
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="remove-dialog-title">
          {t(`reports.remove.title.${targetType}`)}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t(`reports.remove.text.${targetType}`)}</DialogContentText>
            <FormError error={error} />
            <FormControl error={Boolean(fields.message('reason'))} required>
              <FormLabel id="remove-dialog-reasons">{t('reports.remove.reason')}</FormLabel>
              <RadioGroup
                aria-labelledby="remove-dialog-reasons"
                value={reason}
                onChange={(e) => {
                  setReason(e.target.value as ReportReason);
                  fields.clear('reason');
                  fields.clear('otherReason');
                }}
              >
                {reportReasons.map((r) => (
                  <FormControlLabel
                    key={r}
                    value={r}
                    control={<Radio size="small" />}
                    label={t(`reports.reasons.${r}`)}
                  />
                ))}
              </RadioGroup>
              {fields.message('reason') ? (
                <FormHelperText>{fields.message('reason')}</FormHelperText>
              ) : null}
            </FormControl>
            {reason === 'other' ? (
              <TextField
                label={t('reports.remove.otherReason')}
                required
                inputRef={otherRef}
                value={otherReason}
                onChange={(e) => {
                  setOtherReason(e.target.value);
                  fields.clear('otherReason');
                }}
                error={Boolean(fields.message('otherReason'))}
                helperText={
                  fields.message('otherReason') ??
                  t('common.counter', {
                    count: otherReason.length,
                    max: reportLimits.otherReasonMax,
                  })
                }
                slotProps={{ htmlInput: { maxLength: reportLimits.otherReasonMax } }}
                fullWidth
              />
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="error" loading={pending}>
            {t('reports.remove.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
