/**
 * The editor's creators' credits (issue 11, item 8): the series the post belongs to (one of the
 * author's, with a new one created on the spot) and its part, and the posts it credits, each with
 * a kind, found by searching posts (the search API) or by pasting a post's link.
 */
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import { creditKinds, seriesLimits, type CreditKind, type PostCredits } from '@atelier/shared';
import { useMySeries } from '../../api/credits.ts';
import { usePost } from '../../api/posts.ts';
import { isSearchable, useSearch } from '../../api/search.ts';
import { NewSeriesDialog } from '../../components/NewSeriesDialog.tsx';

export interface ChosenCredit {
  postId: string;
  title: string;
  kind: CreditKind;
}

export interface RelationsDraft {
  /** '' for none. */
  seriesId: string;
  /** The part wished ('' for the current place, or the end). */
  position: string;
  credits: ChosenCredit[];
}

export const emptyRelations: RelationsDraft = { seriesId: '', position: '', credits: [] };

export function relationsOf(data: PostCredits): RelationsDraft {
  return {
    seriesId: data.series?.series.id ?? '',
    position: '',
    credits: data.credits.map((c) => ({ postId: c.post.id, title: c.post.title, kind: c.kind })),
  };
}

const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** The post id in a pasted link (`…/posts/<id>`) or a bare id, or null. */
export function postIdFromLink(text: string): string | null {
  const trimmed = text.trim();
  const inLink = /\/posts\/([0-9a-f-]{36})/i.exec(trimmed);
  if (inLink?.[1] && uuid.test(inLink[1])) return inLink[1].toLowerCase();
  return uuid.test(trimmed) && trimmed.length === 36 ? trimmed.toLowerCase() : null;
}

interface Option {
  id: string;
  title: string;
  author: string;
}

function useDebounced(value: string, ms = 300): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** A select of the credit kinds, by their translated names. */
function KindSelect({
  value,
  onChange,
  ...props
}: Omit<TextFieldProps, 'select' | 'value' | 'onChange' | 'children'> & {
  value: CreditKind;
  onChange: (kind: CreditKind) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      {...props}
      select
      value={value}
      onChange={(e) => onChange(e.target.value as CreditKind)}
    >
      {creditKinds.map((k) => (
        <MenuItem key={k} value={k}>
          {t(`credits.kind.${k}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function CreditsField({
  postId,
  value,
  onChange,
  error,
}: {
  /** The post being edited (it cannot credit itself); null for a new post. */
  postId: string | null;
  value: RelationsDraft;
  onChange: (next: RelationsDraft) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const ids = { series: useId(), part: useId(), search: useId(), kind: useId(), label: useId() };
  const mySeries = useMySeries();
  const [newSeriesOpen, setNewSeriesOpen] = useState(false);
  const [input, setInput] = useState('');
  const [kind, setKind] = useState<CreditKind>('translation');
  const query = useDebounced(input);
  const linked = postIdFromLink(input);
  const search = useSearch(linked ? '' : query, 'posts');
  const linkedPost = usePost(linked ?? undefined);

  const chosen = new Set(value.credits.map((c) => c.postId));
  const candidates: Option[] = linked
    ? linkedPost.data
      ? [
          {
            id: linkedPost.data.id,
            title: linkedPost.data.title,
            author: linkedPost.data.author.username,
          },
        ]
      : []
    : isSearchable(query)
      ? (search.data?.pages[0]?.posts ?? []).map((p) => ({
          id: p.id,
          title: p.title,
          author: p.author.username,
        }))
      : [];
  const options = candidates.filter((o) => o.id !== postId && !chosen.has(o.id));

  const add = (option: Option | null) => {
    if (!option) return;
    if (value.credits.length >= seriesLimits.creditsPerPost) return;
    onChange({
      ...value,
      credits: [...value.credits, { postId: option.id, title: option.title, kind }],
    });
    setInput('');
  };

  const series = mySeries.data ?? [];
  return (
    <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <FormLabel component="legend" id={ids.label} sx={{ mb: 1 }}>
        {t('credits.editorTitle')}
      </FormLabel>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          id={ids.series}
          select
          label={t('credits.series')}
          value={series.some((s) => s.id === value.seriesId) ? value.seriesId : ''}
          onChange={(e) => onChange({ ...value, seriesId: e.target.value, position: '' })}
          sx={{ minWidth: 220, flexGrow: 1 }}
          helperText={t('credits.seriesHelp')}
        >
          <MenuItem value="">{t('credits.noSeries')}</MenuItem>
          {series.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.title}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          id={ids.part}
          label={t('credits.partField')}
          type="number"
          value={value.position}
          onChange={(e) => onChange({ ...value, position: e.target.value })}
          disabled={!value.seriesId}
          slotProps={{ htmlInput: { min: 1, inputMode: 'numeric' } }}
          helperText={t('credits.partHelp')}
          sx={{ width: { sm: 140 } }}
        />
        <Button
          startIcon={<AddIcon />}
          onClick={() => setNewSeriesOpen(true)}
          sx={{ mt: { sm: 1 } }}
        >
          {t('credits.newSeries')}
        </Button>
      </Stack>
      <NewSeriesDialog
        open={newSeriesOpen}
        onClose={() => setNewSeriesOpen(false)}
        onCreated={(s) => onChange({ ...value, seriesId: s.id, position: '' })}
      />

      {value.credits.length > 0 ? (
        <Stack
          component="ul"
          spacing={1}
          sx={{ m: 0, p: 0, listStyle: 'none' }}
          aria-label={t('credits.credits')}
        >
          {value.credits.map((c, i) => (
            <Stack
              component="li"
              direction="row"
              spacing={1}
              key={c.postId}
              sx={{ alignItems: 'center' }}
            >
              <KindSelect
                size="small"
                label={t('credits.kindLabel', { title: c.title })}
                value={c.kind}
                onChange={(kind) =>
                  onChange({
                    ...value,
                    credits: value.credits.map((x, j) => (j === i ? { ...x, kind } : x)),
                  })
                }
                sx={{ minWidth: 160 }}
              />
              <Typography
                variant="body2"
                sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}
              >
                {c.title}
              </Typography>
              <IconButton
                aria-label={t('credits.removeCredit', { title: c.title })}
                onClick={() =>
                  onChange({
                    ...value,
                    credits: value.credits.filter((x) => x.postId !== c.postId),
                  })
                }
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </Stack>
          ))}
        </Stack>
      ) : null}

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <KindSelect
          id={ids.kind}
          label={t('credits.newKind')}
          value={kind}
          onChange={setKind}
          sx={{ minWidth: 180 }}
        />
        <Autocomplete<Option>
          id={ids.search}
          sx={{ flexGrow: 1 }}
          options={options}
          value={null}
          inputValue={input}
          onInputChange={(_, v, reason) => {
            if (reason !== 'reset') setInput(v);
          }}
          onChange={(_, option) => add(option)}
          filterOptions={(o) => o}
          getOptionLabel={(o) => o.title}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderOption={(props, o) => {
            const { key, ...rest } = props as typeof props & { key: string };
            return (
              <li key={key} {...rest}>
                <Stack>
                  <span>{o.title}</span>
                  <Typography variant="caption" color="text.secondary">
                    {t('credits.by', { user: o.author })}
                  </Typography>
                </Stack>
              </li>
            );
          }}
          noOptionsText={
            isSearchable(query) || linked ? t('credits.noMatch') : t('credits.typeToSearch')
          }
          loading={search.isFetching || linkedPost.isFetching}
          loadingText={t('notifications.loading')}
          disabled={value.credits.length >= seriesLimits.creditsPerPost}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('credits.findPost')}
              error={Boolean(error)}
              helperText={error ?? t('credits.findPostHelp', { max: seriesLimits.creditsPerPost })}
            />
          )}
        />
      </Stack>
    </Stack>
  );
}
