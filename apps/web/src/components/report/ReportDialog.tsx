/**
 * The report dialog: step 1, why (the reasons as radio buttons; `other` asks for a text); step 2,
 * optional details; then "Send report" and a snackbar thanking the reporter. One form on the
 * shared `reportSchema` (useZodForm): "Next" checks the reason's fields, "Send report" the whole
 * report; the server's field errors land on their fields, on the step that shows them. Loaded
 * lazily by ReportButton.
 */
import { useEffect, useState, type SyntheticEvent } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { TextInput } from '../TextInput.tsx';
import Typography from '@mui/material/Typography';
import {
  reportLimits,
  reportSchema,
  type ReportReason,
  type ReportTargetType,
} from '@atelier/shared';
import { isApiError } from '../../api/client.ts';
import { useSendReport } from '../../api/reports.ts';
import { useSnackbar } from '../../app/feedback/context.ts';
import { FormError } from '../FormError.tsx';
import { useZodForm } from '../useZodForm.ts';
import { ReasonFields } from './ReasonFields.tsx';

/** The fields of the first step: a server error about one of them goes back to it. */
const reasonFields = ['reason', 'otherReason'] as const;

export interface ReportDialogProps {
  targetType: ReportTargetType;
  targetId: string;
  /** What is reported, shown under the title (a post's title, a username, an excerpt). */
  summary?: string;
  onClose: () => void;
}

export default function ReportDialog({
  targetType,
  targetId,
  summary,
  onClose,
}: ReportDialogProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState<'reason' | 'details'>('reason');
  const send = useSendReport();
  const snackbar = useSnackbar();
  const form = useZodForm(reportSchema, {
    targetType,
    targetId,
    reason: '' as ReportReason,
    otherReason: '',
    details: '',
  });
  const sending = form.pending;
  const reason = form.watch('reason');
  const otherReason = form.watch('otherReason') ?? '';
  const details = form.watch('details') ?? '';
  // Moving to the details puts the keyboard in their field (ReasonFields does it for `other`).
  const { setFocus } = form;
  useEffect(() => {
    if (step === 'details') setFocus('details');
  }, [step, setFocus]);

  const sendReport = form.submit(async (report) => {
    try {
      await send.mutateAsync(report);
    } catch (err) {
      if (isApiError(err) && reasonFields.some((name) => name in err.fields)) setStep('reason');
      throw err;
    }
    snackbar({ message: t('reports.dialog.thanks'), color: 'success' });
    onClose();
  });
  const submit = (event: SyntheticEvent) => {
    if (step === 'details') {
      sendReport(event);
      return;
    }
    event.preventDefault();
    void form.trigger([...reasonFields]).then((valid) => {
      if (valid) setStep('details');
    });
  };

  const titleId = `report-${targetId}-title`;
  return (
    <Dialog
      open
      onClose={sending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t(`reports.dialog.title.${targetType}`)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            {summary ? (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {summary}
              </Typography>
            ) : null}
            <FormError error={form.error} />
            {step === 'reason' ? (
              <>
                <ReasonFields
                  form={form}
                  labelId={`${titleId}-reasons`}
                  label={t('reports.dialog.why')}
                  otherLabel={t('reports.dialog.otherReason')}
                />
              </>
            ) : (
              <>
                <Typography>
                  {t('reports.dialog.chosen', {
                    reason:
                      reason === 'other' ? otherReason.trim() : t(`reports.reasons.${reason}`),
                  })}
                </Typography>
                <TextInput
                  {...form.field(
                    'details',
                    t('common.counter', {
                      count: details.length,
                      max: reportLimits.detailsMax,
                    }),
                  )}
                  label={t('reports.dialog.details')}
                  multiline
                  minRows={4}
                  maxLength={reportLimits.detailsMax}
                  disabled={sending}
                  fullWidth
                />
              </>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          {step === 'reason' ? (
            <>
              <Button onClick={onClose}>{t('common.cancel')}</Button>
              <Button type="submit" variant="contained">
                {t('reports.dialog.next')}
              </Button>
            </>
          ) : (
            <>
              <Button onClick={() => setStep('reason')} disabled={sending}>
                {t('reports.dialog.back')}
              </Button>
              <Button type="submit" variant="contained" color="error" loading={sending}>
                {t('reports.dialog.send')}
              </Button>
            </>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
