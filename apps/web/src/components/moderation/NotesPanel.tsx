/**
 * Moderator notes about a user: the list (newest first, with author and time), a form to add one
 * and a delete button per note (with confirmation). Used on the profile and beside applications.
 */
import { useTranslation } from '../../i18n/useTranslation.tsx';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { TextInput } from '../TextInput.tsx';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { moderationLimits, noteSchema } from '@atelier/shared';
import { isApiError } from '../../api/client.ts';
import { useAddNote, useDeleteNote, useNotes } from '../../api/notes.ts';
import { useConfirm, useSnackbar } from '../../app/feedback/context.ts';
import { translateError } from '../errors.ts';
import { FormError } from '../FormError.tsx';
import { PanelList, PanelSection } from './PanelSection.tsx';
import { RelativeTime } from '../RelativeTime.tsx';
import { RoleLabel } from '../RoleLabel.tsx';
import { useZodForm } from '../useZodForm.ts';

export function NotesPanel({
  userId,
  headingLevel = 'h3',
}: {
  userId: string;
  headingLevel?: 'h2' | 'h3';
}) {
  const { t } = useTranslation();
  const notes = useNotes(userId);
  const add = useAddNote(userId);
  const remove = useDeleteNote(userId);
  const confirm = useConfirm();
  const snackbar = useSnackbar();
  const form = useZodForm(noteSchema, { body: '' });
  const bodyField = form.register('body');
  const bodyLength = (form.watch('body') ?? '').length;
  const fieldId = `note-${userId}`;

  const submit = form.submit(async ({ body }) => {
    await add.mutateAsync(body);
    form.reset();
    snackbar({ message: t('moderation.notes.added'), color: 'success' });
  });

  const askDelete = async (id: string, username: string) => {
    const ok = await confirm({
      title: t('moderation.notes.deleteTitle'),
      message: t('moderation.notes.deleteText'),
      confirmText: t('moderation.notes.delete', { username }),
      confirmColor: 'error',
    });
    if (!ok) return;
    remove.mutate(id, {
      onSuccess: () => snackbar({ message: t('moderation.notes.deleted'), color: 'success' }),
      onError: (err) =>
        snackbar({ message: translateError(t, isApiError(err) ? err.code : null), color: 'error' }),
    });
  };

  return (
    <PanelSection
      id={`${fieldId}-heading`}
      title={t('moderation.notes.title')}
      level={headingLevel}
    >
      <PanelList query={notes} empty={t('moderation.notes.empty')}>
        {(note) => {
          const author = note.author?.username ?? t('moderation.notes.deletedAuthor');
          return (
            <Stack
              component="li"
              key={note.id}
              direction="row"
              spacing={1}
              sx={{ alignItems: 'flex-start', p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}
            >
              <Stack spacing={0.5} sx={{ flex: 1, minWidth: 0 }}>
                <Typography
                  variant="body2"
                  sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                >
                  {note.body}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="div">
                  {author}
                  {note.author ? (
                    <>
                      {' · '}
                      <RoleLabel role={note.author.displayedRole} variant="caption" />
                    </>
                  ) : null}
                  {' · '}
                  <RelativeTime value={note.createdAt} />
                </Typography>
              </Stack>
              <IconButton
                size="small"
                aria-label={t('moderation.notes.delete', { username: author })}
                onClick={() => void askDelete(note.id, author)}
                disabled={remove.isPending}
              >
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </Stack>
          );
        }}
      </PanelList>
      <form noValidate onSubmit={submit}>
        <Stack spacing={1}>
          <FormError error={form.error} />
          <TextInput
            {...bodyField}
            inputRef={bodyField.ref}
            id={fieldId}
            label={t('moderation.notes.label')}
            multiline
            minRows={2}
            error={Boolean(form.message('body'))}
            helperText={
              form.message('body') ??
              t('common.counter', { count: bodyLength, max: moderationLimits.noteMax })
            }
            maxLength={moderationLimits.noteMax}
            fullWidth
            size="small"
          />
          <Button
            type="submit"
            variant="outlined"
            disabled={form.pending}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('moderation.notes.add')}
          </Button>
        </Stack>
      </form>
    </PanelSection>
  );
}
