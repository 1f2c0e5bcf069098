/** Posting a status update (≤ 1,000 characters); the lists and the home page refresh after. */
import { useTranslation } from '../../i18n/useTranslation.tsx';
import { useSnackbar } from '../../app/feedback/context.ts';
import { useCreateStatusUpdate } from '../../api/statusUpdates.ts';
import { ConversationComposer } from '../conversation/ConversationComposer.tsx';

export function StatusUpdateComposer() {
  const { t } = useTranslation();
  const create = useCreateStatusUpdate();
  const snackbar = useSnackbar();
  return (
    <ConversationComposer
      ns="status"
      label={t('status.composerLabel')}
      submitLabel={t('status.post')}
      onSubmit={async (content) => {
        await create.mutateAsync({ content });
        snackbar({ message: t('status.posted'), color: 'success' });
      }}
    />
  );
}
