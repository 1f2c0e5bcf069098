/** Creating a series (title, optional description), from the post editor or one's profile. */
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { createSeriesSchema, seriesLimits, type Series } from '@atelier/shared';
import { useCreateSeries } from '../api/credits.ts';
import { issuesToFieldErrors } from './errors.ts';
import { FormError } from './FormError.tsx';
import { useFieldErrors } from './useFieldErrors.ts';

export function NewSeriesDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated?: (series: Series) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const fieldErrors = useFieldErrors();
  const create = useCreateSeries();

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The dialog sits inside the editor's form in the React tree: keep its submit to itself.
    event.stopPropagation();
    const parsed = createSeriesSchema.safeParse({ title, description });
    if (!parsed.success) {
      fieldErrors.setErrors(issuesToFieldErrors(parsed.error.issues));
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (series) => {
        setTitle('');
        setDescription('');
        onCreated?.(series);
        onClose();
      },
      onError: fieldErrors.fromServer,
    });
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{t('credits.newSeries')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('credits.seriesTitle')}
              value={title}
              onChange={(e) => {
                setTitle(e.target.value);
                fieldErrors.clear('title');
              }}
              required
              error={Boolean(fieldErrors.errors.title)}
              helperText={
                fieldErrors.message('title') ??
                t('common.counter', { count: title.length, max: seriesLimits.title })
              }
            />
            <TextField
              label={t('credits.seriesDescription')}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              multiline
              minRows={2}
              error={Boolean(fieldErrors.errors.description)}
              helperText={fieldErrors.message('description')}
            />
            <FormError error={create.error} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            {t('credits.createSeries')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
