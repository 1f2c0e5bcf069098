/**
 * The report dialog: step 1, why (the reasons as radio buttons; `other` asks for a text); step 2,
 * optional details; then "Send report" and a snackbar thanking the reporter. The steps are the
 * pure reducer of reportDialogState.ts. Loaded lazily by ReportButton.
 */
import { useEffect, useReducer, useRef, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  reportLimits,
  reportReasons,
  type ReportReason,
  type ReportTargetType,
} from '@atelier/shared';
import { isApiError } from '../../api/client.ts';
import { useSendReport } from '../../api/reports.ts';
import { useSnackbar } from '../../app/feedback/context.ts';
import { translateError } from '../errors.ts';
import { initialReportState, reportDialogReducer } from './reportDialogState.ts';

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
  const [state, dispatch] = useReducer(reportDialogReducer, initialReportState);
  const send = useSendReport();
  const snackbar = useSnackbar();
  const sending = state.step === 'submitting';
  const otherRef = useRef<HTMLInputElement>(null);
  const detailsRef = useRef<HTMLTextAreaElement>(null);
  // Moving to a step (or choosing `other`) puts the keyboard in the field that appeared.
  useEffect(() => {
    if (state.step === 'details') detailsRef.current?.focus();
  }, [state.step]);
  useEffect(() => {
    if (state.reason === 'other') otherRef.current?.focus();
  }, [state.reason]);
  const fieldError = (field: string) => {
    const key = state.fieldErrors[field];
    return key ? translateError(t, key) : undefined;
  };

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (state.step === 'reason') {
      dispatch({ type: 'next' });
      return;
    }
    if (state.step !== 'details' || !state.reason) return;
    const next = reportDialogReducer(state, { type: 'submit' });
    dispatch({ type: 'submit' });
    if (next.step !== 'submitting') return;
    send.mutate(
      {
        targetType,
        targetId,
        reason: state.reason,
        otherReason: state.reason === 'other' ? state.otherReason.trim() : null,
        details: state.details.trim(),
      },
      {
        onSuccess: () => {
          dispatch({ type: 'succeeded' });
          snackbar({ message: t('reports.dialog.thanks'), color: 'success' });
          onClose();
        },
        onError: (err) =>
          dispatch({
            type: 'failed',
            code: isApiError(err) ? err.code : 'errors.unknown',
            fields: isApiError(err) ? err.fields : {},
          }),
      },
    );
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
            {state.error ? <Alert severity="error">{translateError(t, state.error)}</Alert> : null}
            {state.step === 'reason' ? (
              <>
                <FormControl error={Boolean(state.fieldErrors.reason)} required>
                  <FormLabel id={`${titleId}-reasons`}>{t('reports.dialog.why')}</FormLabel>
                  <RadioGroup
                    aria-labelledby={`${titleId}-reasons`}
                    value={state.reason ?? ''}
                    onChange={(e) =>
                      dispatch({ type: 'selectReason', reason: e.target.value as ReportReason })
                    }
                  >
                    {reportReasons.map((reason) => (
                      <FormControlLabel
                        key={reason}
                        value={reason}
                        control={<Radio size="small" />}
                        label={t(`reports.reasons.${reason}`)}
                      />
                    ))}
                  </RadioGroup>
                  {state.fieldErrors.reason ? (
                    <FormHelperText>{fieldError('reason')}</FormHelperText>
                  ) : null}
                </FormControl>
                {state.reason === 'other' ? (
                  <TextField
                    label={t('reports.dialog.otherReason')}
                    required
                    inputRef={otherRef}
                    value={state.otherReason}
                    onChange={(e) => dispatch({ type: 'setOtherReason', value: e.target.value })}
                    error={Boolean(state.fieldErrors.otherReason)}
                    helperText={
                      fieldError('otherReason') ??
                      t('common.counter', {
                        count: state.otherReason.length,
                        max: reportLimits.otherReasonMax,
                      })
                    }
                    slotProps={{ htmlInput: { maxLength: reportLimits.otherReasonMax } }}
                    fullWidth
                  />
                ) : null}
              </>
            ) : (
              <>
                <Typography>
                  {t('reports.dialog.chosen', {
                    reason:
                      state.reason === 'other'
                        ? state.otherReason.trim()
                        : t(`reports.reasons.${state.reason ?? 'other'}`),
                  })}
                </Typography>
                <TextField
                  label={t('reports.dialog.details')}
                  multiline
                  minRows={4}
                  inputRef={detailsRef}
                  value={state.details}
                  onChange={(e) => dispatch({ type: 'setDetails', value: e.target.value })}
                  error={Boolean(state.fieldErrors.details)}
                  helperText={
                    fieldError('details') ??
                    t('common.counter', {
                      count: state.details.length,
                      max: reportLimits.detailsMax,
                    })
                  }
                  slotProps={{ htmlInput: { maxLength: reportLimits.detailsMax } }}
                  disabled={sending}
                  fullWidth
                />
              </>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          {state.step === 'reason' ? (
            <>
              <Button onClick={onClose}>{t('common.cancel')}</Button>
              <Button type="submit" variant="contained">
                {t('reports.dialog.next')}
              </Button>
            </>
          ) : (
            <>
              <Button onClick={() => dispatch({ type: 'back' })} disabled={sending}>
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
