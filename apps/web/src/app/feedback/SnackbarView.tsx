import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import type { FeedbackColor } from './context.ts';

export interface ShownSnackbar {
  message: string;
  color: FeedbackColor;
  timeout: number;
  key: number;
}

export default function SnackbarView({
  shown,
  open,
  onClose,
}: {
  shown: ShownSnackbar;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Snackbar
      key={shown.key}
      open={open}
      autoHideDuration={shown.timeout}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity={shown.color} variant="filled" onClose={onClose} sx={{ width: '100%' }}>
        {shown.message}
      </Alert>
    </Snackbar>
  );
}
