/**
 * Creating a series (title, optional description), from the post editor or one's profile;
 * validated by the shared schema (useZodForm).
 */
import { useId } from 'react';
import { useTranslation } from '../i18n/useTranslation.tsx';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { TextInput } from './TextInput.tsx';
import { createSeriesSchema, seriesLimits, type Series } from '@atelier/shared';
import { useCreateSeries } from '../api/credits.ts';
import { FormError } from './FormError.tsx';
import { useZodForm } from './useZodForm.ts';

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
  const form = useZodForm(createSeriesSchema, { title: '', description: '' });
  const create = useCreateSeries();
  const send = form.submit(async (input) => {
    const series = await create.mutateAsync(input);
    form.reset();
    onCreated?.(series);
    onClose();
  });
  const title = form.register('title');
  const description = form.register('description');
  const titleLength = (form.watch('title') ?? '').length;

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form
        onSubmit={(event) => {
          // The dialog sits inside the editor's form in the React tree: keep its submit to itself.
          event.stopPropagation();
          send(event);
        }}
        noValidate
      >
        <DialogTitle id={titleId}>{t('credits.newSeries')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextInput
              {...title}
              inputRef={title.ref}
              label={t('credits.seriesTitle')}
              required
              error={Boolean(form.message('title'))}
              helperText={
                form.message('title') ??
                t('common.counter', { count: titleLength, max: seriesLimits.title })
              }
            />
            <TextInput
              {...description}
              inputRef={description.ref}
              label={t('credits.seriesDescription')}
              multiline
              minRows={2}
              error={Boolean(form.message('description'))}
              helperText={form.message('description')}
            />
            <FormError error={form.error} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" loading={form.pending}>
            {t('credits.createSeries')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
