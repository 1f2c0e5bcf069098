/**
 * Removing reported content: a reason from the list (the post's author sees it in the removal
 * notification), or `other` with a text. Validated with the shared schema (useZodForm); server
 * field errors show next to the fields.
 */
import { useEffect, useRef } from 'react';
import { Controller } from 'react-hook-form';
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
import { FormError } from '../../components/FormError.tsx';
import { useZodForm } from '../../components/useZodForm.ts';

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
  const form = useZodForm(removalSchema, {
    reason: initialReason ?? ('' as ReportReason),
    otherReason: '',
  });
  const reason = form.watch('reason');
  const otherReason = form.watch('otherReason') ?? '';
  const other = form.register('otherReason');
  const otherRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (reason === 'other') otherRef.current?.focus();
  }, [reason]);
  const reasonMessage = form.message('reason');
  const otherMessage = form.message('otherReason');

  return (
    <Dialog
      open
      onClose={form.pending ? undefined : onClose}
      aria-labelledby="remove-dialog-title"
      fullWidth
      maxWidth="sm"
    >
      <form
        noValidate
        onSubmit={form.submit(async (input) => {
          await onSubmit(input);
          onClose();
        })}
      >
        <DialogTitle id="remove-dialog-title">
          {t(`reports.remove.title.${targetType}`)}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t(`reports.remove.text.${targetType}`)}</DialogContentText>
            <FormError error={form.error} />
            <FormControl error={Boolean(reasonMessage)} required>
              <FormLabel id="remove-dialog-reasons">{t('reports.remove.reason')}</FormLabel>
              <Controller
                control={form.control}
                name="reason"
                render={({ field }) => (
                  <RadioGroup
                    aria-labelledby="remove-dialog-reasons"
                    name={field.name}
                    value={field.value}
                    onChange={(e) => {
                      field.onChange(e.target.value);
                      form.clearErrors('otherReason');
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
                )}
              />
              {reasonMessage ? <FormHelperText>{reasonMessage}</FormHelperText> : null}
            </FormControl>
            {reason === 'other' ? (
              <TextField
                {...other}
                inputRef={(element: HTMLInputElement | null) => {
                  other.ref(element);
                  otherRef.current = element;
                }}
                label={t('reports.remove.otherReason')}
                required
                error={Boolean(otherMessage)}
                helperText={
                  otherMessage ??
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
          <Button onClick={onClose} disabled={form.pending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="error" loading={form.pending}>
            {t('reports.remove.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
