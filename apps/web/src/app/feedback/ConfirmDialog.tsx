import { useTranslation } from '../../i18n/useTranslation.tsx';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ConfirmRequest } from './context.ts';

export default function ConfirmDialog({
  request,
  open,
  onClose,
}: {
  request: ConfirmRequest;
  open: boolean;
  onClose: (result: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      // Persistent: neither the backdrop nor Escape closes it; only the two buttons do.
      onClose={() => undefined}
      disableEscapeKeyDown
      aria-labelledby="confirm-title"
      aria-describedby="confirm-message"
      slotProps={{ paper: { sx: { maxWidth: 400 } } }}
    >
      <DialogTitle id="confirm-title">{request.title ?? t('confirm.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-message">{request.message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          color={request.confirmColor ?? 'primary'}
          onClick={() => onClose(true)}
        >
          {request.confirmText}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
