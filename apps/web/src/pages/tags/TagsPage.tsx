/**
 * /tags (moderators; the guard keeps others out): every tag sorted by its label in the current
 * language, the seed's search (any language's label, or a parent's), create, edit and delete.
 */
import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { TextInput } from '../../components/TextInput.tsx';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import {
  isLanguage,
  languages,
  searchTags,
  tagLabel,
  type Language,
  type Tag,
} from '@atelier/shared';
import { useConfirm, useSnackbar } from '../../app/feedback/context.ts';
import { isApiError } from '../../api/client.ts';
import { useCreateTag, useDeleteTag, useTags, useUpdateTag } from '../../api/tags.ts';
import { translateError } from '../../components/errors.ts';
import { MaterialIcon } from '../../components/MaterialIcon.tsx';
import { Page } from '../../components/Page.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { TagDialog } from './TagDialog.tsx';

type DialogState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; tag: Tag };

function TagRow({
  tag,
  byId,
  lng,
  onEdit,
  onDelete,
}: {
  tag: Tag;
  byId: Map<string, Tag>;
  lng: Language;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const label = tagLabel(tag, lng);
  const others = languages.filter(
    (l) => l !== lng && tag.labels[l]?.trim() && tag.labels[l] !== label,
  );
  const parents = tag.parents.map((id) => byId.get(id)).filter((p): p is Tag => p !== undefined);
  return (
    <Stack
      component="li"
      direction="row"
      spacing={1}
      data-testid="tag-row"
      sx={{
        alignItems: 'center',
        px: { xs: 1.5, sm: 2 },
        py: 1.25,
        borderTop: 1,
        borderColor: 'divider',
        '&:first-of-type': { borderTop: 0 },
      }}
    >
      <Stack spacing={0.5} sx={{ flex: 1, minWidth: 0 }}>
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'baseline', flexWrap: 'wrap', rowGap: 0.5 }}
        >
          <Typography
            component="span"
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
            data-testid="tag-label"
          >
            {label}
          </Typography>
          <Chip size="small" variant="outlined" label={t(`tags.types.${tag.type}`)} />
          <Typography component="span" variant="body2" color="text.secondary">
            {t('tags.posts', { count: tag.postCount })}
          </Typography>
        </Stack>
        {others.length > 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {others.map((l, i) => (
              <span key={l} lang={l}>
                {i > 0 ? ' · ' : ''}
                {tag.labels[l]}
              </span>
            ))}
          </Typography>
        ) : null}
        {parents.length > 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {t('tags.parents')}: {parents.map((p) => tagLabel(p, lng)).join(', ')}
          </Typography>
        ) : null}
      </Stack>
      <IconButton onClick={onEdit} aria-label={t('tags.edit', { label })}>
        <EditOutlinedIcon />
      </IconButton>
      <IconButton onClick={onDelete} aria-label={t('tags.delete', { label })}>
        <DeleteOutlineIcon />
      </IconButton>
    </Stack>
  );
}

export function TagList({
  tags,
  onEdit,
  onDelete,
}: {
  tags: readonly Tag[];
  onEdit: (tag: Tag) => void;
  onDelete: (tag: Tag) => void;
}) {
  const { t, i18n } = useTranslation();
  const lng: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const [query, setQuery] = useState('');
  const byId = new Map(tags.map((tag) => [tag.id, tag]));
  const found = searchTags(tags, query, lng);
  return (
    <Stack spacing={2}>
      <TextInput
        type="search"
        label={t('tags.search')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        helperText={t('tags.searchHint')}
        fullWidth
        startAdornment={<MaterialIcon name="search" />}
      />
      <Typography variant="body2" color="text.secondary" role="status">
        {t('tags.count', { count: found.length })}
      </Typography>
      {tags.length === 0 ? (
        <Typography color="text.secondary">{t('tags.none')}</Typography>
      ) : found.length === 0 ? (
        <Typography color="text.secondary">{t('tags.noMatch', { query: query.trim() })}</Typography>
      ) : (
        <Card variant="outlined">
          <Stack
            component="ul"
            sx={{ m: 0, p: 0, listStyle: 'none' }}
            aria-label={t('pages.tags.title')}
          >
            {found.map((tag) => (
              <TagRow
                key={tag.id}
                tag={tag}
                byId={byId}
                lng={lng}
                onEdit={() => onEdit(tag)}
                onDelete={() => onDelete(tag)}
              />
            ))}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

export default function TagsPage() {
  const { t, i18n } = useTranslation();
  const lng: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const tags = useTags();
  const create = useCreateTag();
  const update = useUpdateTag();
  const remove = useDeleteTag();
  const confirm = useConfirm();
  const snackbar = useSnackbar();
  const [dialog, setDialog] = useState<DialogState>({ mode: 'closed' });

  const onDelete = async (tag: Tag) => {
    const label = tagLabel(tag, lng);
    const ok = await confirm({
      title: t('tags.deleteTitle', { label }),
      message: t('tags.deleteConfirm', { count: tag.postCount }),
      confirmText: t('tags.deleteConfirmButton'),
      confirmColor: 'error',
    });
    if (!ok) return;
    remove.mutate(tag.id, {
      onSuccess: () => snackbar({ message: t('tags.deleted'), color: 'success' }),
      onError: (err) =>
        snackbar({ message: translateError(t, isApiError(err) ? err.code : null), color: 'error' }),
    });
  };

  return (
    <Page title={t('pages.tags.title')} intro={t('tags.intro')} width="medium">
      <div>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setDialog({ mode: 'create' })}
        >
          {t('tags.new')}
        </Button>
      </div>
      {tags.isPending ? (
        <PageSpinner />
      ) : tags.isError ? (
        <QueryError error={tags.error} onRetry={() => void tags.refetch()} />
      ) : (
        <TagList
          tags={tags.data}
          onEdit={(tag) => setDialog({ mode: 'edit', tag })}
          onDelete={(tag) => void onDelete(tag)}
        />
      )}
      {dialog.mode !== 'closed' ? (
        <TagDialog
          tag={dialog.mode === 'edit' ? dialog.tag : null}
          tags={tags.data ?? []}
          onClose={() => setDialog({ mode: 'closed' })}
          onSubmit={async (input) => {
            if (dialog.mode === 'edit') {
              await update.mutateAsync({ id: dialog.tag.id, input });
              snackbar({ message: t('tags.saved'), color: 'success' });
            } else {
              await create.mutateAsync(input);
              snackbar({ message: t('tags.created'), color: 'success' });
            }
          }}
        />
      ) : null}
    </Page>
  );
}
