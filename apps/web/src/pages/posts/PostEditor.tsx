/**
 * The post editor, for a new post (/posts/new?section=…) and for an edit (/posts/:id?edit=1):
 * title, section (only those the user may post in; fixed once posted), Markdown body with
 * Write/Preview, tags (≤ 10, inline creation for advanced creators and moderators), provenance and
 * tools, media. Checked with the shared schema before sending; server errors land next to their
 * fields. The draft is kept in localStorage while typing and cleared once saved.
 */
import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type SyntheticEvent,
} from 'react';
import { z } from 'zod';
import { Controller } from 'react-hook-form';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  canCreateTags,
  canPostIn,
  createPostSchema,
  limits,
  postingRight,
  provenances,
  type CurrentUser,
  type Media,
  type Post,
} from '@atelier/shared';
import { useSnackbar } from '../../app/feedback/context.ts';
import { lazyWithRetry } from '../../app/lazyWithRetry.ts';
import { isApiError } from '../../api/client.ts';
import { usePostCredits, useSaveRelations, type RelationsChange } from '../../api/credits.ts';
import { deleteMedia } from '../../api/media.ts';
import { useCreatePost, useUpdatePost } from '../../api/posts.ts';
import { useSections } from '../../api/sections.ts';
import { checkOnFields } from '../../components/checkOnFields.ts';
import { translateError } from '../../components/errors.ts';
import { FormCard } from '../../components/FormCard.tsx';
import { FormError } from '../../components/FormError.tsx';
import { useLanguageCode } from '../../components/TagChips.tsx';
import { TagPicker } from '../../components/TagPicker.tsx';
import { useZodForm } from '../../components/useZodForm.ts';
import {
  clearDraft,
  draftKey,
  emptyDraft,
  loadDraft,
  sameDraft,
  saveDraft,
  type PostDraft,
} from './draft.ts';
import { CreditsField, emptyRelations, relationsOf, type RelationsDraft } from './CreditsField.tsx';
import { doneMedia, MediaField, mediaItemsFrom, type MediaItem } from './MediaField.tsx';

/** The Markdown renderer comes with the preview, on its first opening. */
const MarkdownPreview = lazy(lazyWithRetry(() => import('./MarkdownPreview.tsx')));

export type EditorTarget = { kind: 'new'; section: string } | { kind: 'edit'; post: Post };

function initialOf(target: EditorTarget): PostDraft {
  if (target.kind === 'new') return emptyDraft(target.section);
  const p = target.post;
  return {
    section: p.section,
    title: p.title,
    body: p.body,
    provenance: p.provenance,
    tools: p.tools,
    tags: p.tags,
    media: p.media,
  };
}

/**
 * The editor's fields (no provenance chosen yet; the ids of the uploaded files are put in `media`
 * as it is sent), checked with the shared schema of a new post.
 */
const postFormSchema = z
  .object({
    section: z.string(),
    title: z.string(),
    body: z.string(),
    provenance: z.string(),
    tools: z.string(),
    tags: z.array(z.string()),
    media: z.array(z.string()),
  })
  .transform(({ provenance, ...fields }, ctx) =>
    checkOnFields(createPostSchema, { ...fields, provenance: provenance || undefined }, ctx),
  );
type PostFields = z.input<typeof postFormSchema>;

/** The fields of a draft (its files are the editor's own list). */
const fieldsOf = (d: PostDraft): PostFields => ({
  section: d.section,
  title: d.title,
  body: d.body,
  provenance: d.provenance,
  tools: d.tools,
  tags: d.tags,
  media: [],
});

const autosaveMs = 400;

/** What the editor changed about the series and credits, or null when nothing. */
export function relationsChange(
  before: RelationsDraft,
  after: RelationsDraft,
): RelationsChange | null {
  const change: RelationsChange = {};
  const position = Number.parseInt(after.position, 10);
  const place = {
    seriesId: after.seriesId,
    ...(Number.isFinite(position) && position > 0 ? { position } : {}),
  };
  if (after.seriesId !== before.seriesId) change.series = after.seriesId ? place : null;
  else if (after.seriesId && 'position' in place) change.series = place;
  const pairs = (d: RelationsDraft) => JSON.stringify(d.credits.map((c) => [c.postId, c.kind]));
  if (pairs(before) !== pairs(after))
    change.credits = after.credits.map((c) => ({ postId: c.postId, kind: c.kind }));
  return change.series !== undefined || change.credits ? change : null;
}

export function PostEditor({ target, me }: { target: EditorTarget; me: CurrentUser }) {
  const { t } = useTranslation();
  const lng = useLanguageCode();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const sections = useSections();
  const ids = {
    title: useId(),
    body: useId(),
    tools: useId(),
    section: useId(),
    provenance: useId(),
  };
  const editing = target.kind === 'edit';
  const postId = editing ? target.post.id : null;
  const key = draftKey(
    postId ? { postId } : { section: target.kind === 'new' ? target.section : '' },
  );
  const initial = useMemo(() => initialOf(target), [target]);
  const [restored] = useState(() => {
    const saved = loadDraft(key);
    return saved && !sameDraft(saved, initial) ? saved : null;
  });
  const start = restored ?? initial;
  const [mediaItems, setMediaItems] = useState<MediaItem[]>(() => mediaItemsFrom(start.media));
  const [showRestored, setShowRestored] = useState(Boolean(restored));
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const create = useCreatePost();
  const update = useUpdatePost(postId ?? '');
  const saved = useRef(false);
  // Series and credits: the author's own (a moderator editing a post leaves them as they are).
  const isAuthor = !editing || target.post.author.id === me.id;
  const existing = usePostCredits(editing && isAuthor ? (postId ?? undefined) : undefined);
  const initialRelations = useMemo(
    () => (existing.data ? relationsOf(existing.data) : emptyRelations),
    [existing.data],
  );
  // The author's changes; until the first one, what the server has (null while it loads).
  const [edited, setRelations] = useState<RelationsDraft | null>(null);
  const relations = edited ?? (!editing || existing.data ? initialRelations : null);
  const saveRelations = useSaveRelations();

  /** Keyboard and screen-reader users land on the first field to fix. */
  const focusFirstError = (fields: string[]) => {
    const order: [string, () => HTMLElement | null][] = [
      ['title', () => document.getElementById(ids.title)],
      ['section', () => document.getElementById(ids.section)],
      ['body', () => document.getElementById(ids.body)],
      ['tags', () => document.getElementById('editor-tags')],
      [
        'provenance',
        () => document.querySelector<HTMLElement>(`[aria-labelledby="${ids.provenance}"] input`),
      ],
      ['tools', () => document.getElementById(ids.tools)],
    ];
    const first = order.find(([name]) =>
      fields.some((key) => key === name || key.startsWith(`${name}.`)),
    );
    if (!first) return;
    // The body field exists only on the Write tab: switch first, focus once it is there.
    if (first[0] === 'body' && tab !== 'write') setTab('write');
    window.setTimeout(() => first[1]()?.focus(), 0);
  };
  const form = useZodForm(postFormSchema, fieldsOf(start), { onInvalid: focusFirstError });
  const { media: _ids, ...fields } = form.watch();

  const media = doneMedia(mediaItems);
  const draft: PostDraft = {
    ...fields,
    provenance: fields.provenance as PostDraft['provenance'],
    media,
  };
  const uploading = mediaItems.some((i) => i.status === 'uploading');

  // Autosave: a short pause after the last change; nothing is kept while the form is untouched.
  const serialized = JSON.stringify(draft);
  useEffect(() => {
    if (saved.current) return;
    const timer = window.setTimeout(() => {
      if (sameDraft(JSON.parse(serialized) as PostDraft, initial)) clearDraft(key);
      else saveDraft(key, JSON.parse(serialized) as PostDraft);
    }, autosaveMs);
    return () => window.clearTimeout(timer);
  }, [serialized, key, initial]);

  const originalMedia = useMemo(
    () => new Set(editing ? target.post.media.map((m) => m.id) : []),
    [editing, target],
  );
  const onRemoveMedia = (m: Media) => {
    // Attached files go away when the edit is saved; fresh uploads are deleted at once.
    if (!originalMedia.has(m.id)) void deleteMedia(m.id).catch(() => undefined);
  };

  const postable = (sections.data ?? []).filter((s) => me && canPostIn(me.roles, s.type));
  const chosenSection = sections.data?.find((s) => s.slug === fields.section);
  const limited = chosenSection && postingRight(me.roles, chosenSection.type) === 'limited';

  const discardDraft = () => {
    clearDraft(key);
    form.reset(fieldsOf(initial));
    setMediaItems(mediaItemsFrom(initial.media));
    setShowRestored(false);
  };

  const finish = (post: Post) => {
    saved.current = true;
    clearDraft(key);
    snackbar({ message: t(editing ? 'editor.updated' : 'editor.created'), color: 'success' });
    void navigate(`/posts/${post.id}`, { replace: editing });
  };
  const done = (post: Post) => {
    const change = isAuthor && relations ? relationsChange(initialRelations, relations) : null;
    if (!change) return finish(post);
    // The post is saved; its series and credits follow (an error there is told, the post stays).
    saveRelations.mutate(
      { postId: post.id, change },
      {
        onSuccess: () => finish(post),
        onError: (err) => {
          snackbar({
            message: `${t('credits.saveFailed')} ${translateError(t, isApiError(err) ? err.code : null)}`,
            color: 'error',
          });
          finish(post);
        },
      },
    );
  };
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (uploading) return;
    form.setValue(
      'media',
      media.map((m) => m.id),
    );
    form.submit(async (input) => {
      if (editing) {
        const { section: _section, ...changes } = input;
        done(await update.mutateAsync(changes));
      } else {
        done(await create.mutateAsync(input));
      }
    })(event);
  };

  const cancelTo = postId
    ? `/posts/${postId}`
    : fields.section
      ? `/sections/${fields.section}`
      : '/';

  const sectionName = (slug: string) => {
    const s = sections.data?.find((x) => x.slug === slug);
    return s ? s.name[lng] || s.name.en : slug;
  };

  const provenanceMessage = form.message('provenance');

  return (
    <FormCard onSubmit={submit} label={t(editing ? 'editor.editTitle' : 'editor.newTitle')}>
      {showRestored ? (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={discardDraft}>
              {t('editor.discardDraft')}
            </Button>
          }
        >
          {t('editor.draftRestored')}
        </Alert>
      ) : null}

      <TextField
        id={ids.title}
        label={t('editor.title')}
        required
        {...form.field(
          'title',
          t('common.counter', { count: fields.title.length, max: limits.postTitleMax }),
        )}
      />

      <Controller
        control={form.control}
        name="section"
        render={({ field }) => (
          <TextField
            id={ids.section}
            select
            label={t('editor.section')}
            value={postable.some((s) => s.slug === field.value) || editing ? field.value : ''}
            onChange={(e) => field.onChange(e.target.value)}
            required
            disabled={editing}
            error={Boolean(form.message('section'))}
            helperText={
              form.message('section') ??
              (editing
                ? t('editor.sectionFixed')
                : limited
                  ? t('section.probationNote', { count: limits.probationPostsPerDay })
                  : undefined)
            }
          >
            {editing ? (
              <MenuItem value={field.value}>{sectionName(field.value)}</MenuItem>
            ) : (
              postable.map((s) => (
                <MenuItem key={s.slug} value={s.slug}>
                  {s.name[lng] || s.name.en}
                </MenuItem>
              ))
            )}
          </TextField>
        )}
      />

      <Box>
        <Tabs
          value={tab}
          onChange={(_, v: 'write' | 'preview') => setTab(v)}
          aria-label={t('editor.bodyTabs')}
          sx={{ minHeight: 40, '& .MuiTab-root': { minHeight: 40 } }}
        >
          <Tab
            value="write"
            label={t('editor.write')}
            id={`${ids.body}-write`}
            aria-controls={`${ids.body}-panel`}
          />
          <Tab
            value="preview"
            label={t('editor.preview')}
            id={`${ids.body}-preview`}
            aria-controls={`${ids.body}-panel`}
          />
        </Tabs>
        <Box
          role="tabpanel"
          id={`${ids.body}-panel`}
          aria-labelledby={`${ids.body}-${tab}`}
          sx={{ pt: 2 }}
        >
          {tab === 'write' ? (
            <TextField
              id={ids.body}
              label={t('editor.body')}
              multiline
              minRows={10}
              maxRows={30}
              fullWidth
              {...form.field(
                'body',
                t('editor.bodyHelp', { count: fields.body.length, max: limits.postBodyMax }),
              )}
            />
          ) : (
            <Box sx={{ minHeight: 200, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
              {fields.body.trim() ? (
                <Suspense
                  fallback={<Typography color="text.secondary">{t('common.loading')}</Typography>}
                >
                  <MarkdownPreview text={fields.body} />
                </Suspense>
              ) : (
                <Typography color="text.secondary">{t('editor.previewEmpty')}</Typography>
              )}
            </Box>
          )}
        </Box>
      </Box>

      <Controller
        control={form.control}
        name="tags"
        render={({ field }) => (
          <TagPicker
            id="editor-tags"
            label={t('editor.tags')}
            value={field.value}
            onChange={field.onChange}
            max={limits.postTagsMax}
            allowCreate={canCreateTags(me.roles)}
            error={form.message('tags')}
            helperText={t('editor.tagsHelp', { max: limits.postTagsMax })}
          />
        )}
      />

      <FormControl error={Boolean(provenanceMessage)} required>
        <FormLabel id={ids.provenance}>{t('provenance.label')}</FormLabel>
        <Controller
          control={form.control}
          name="provenance"
          render={({ field }) => (
            <RadioGroup
              aria-labelledby={ids.provenance}
              value={field.value}
              onChange={(e) => field.onChange(e.target.value)}
            >
              {provenances.map((p) => (
                <FormControlLabel
                  key={p}
                  value={p}
                  control={<Radio />}
                  sx={{ alignItems: 'flex-start', my: 0.5, '& .MuiRadio-root': { pt: 0.5 } }}
                  label={
                    <Stack>
                      <span>{t(`provenance.${p}`)}</span>
                      <Typography variant="caption" color="text.secondary">
                        {t(`provenance.explain.${p}`)}
                      </Typography>
                    </Stack>
                  }
                />
              ))}
            </RadioGroup>
          )}
        />
        {provenanceMessage ? <FormHelperText>{provenanceMessage}</FormHelperText> : null}
      </FormControl>

      <TextField
        id={ids.tools}
        label={t('editor.tools')}
        {...form.field('tools', t('editor.toolsHelp'))}
      />

      <MediaField
        items={mediaItems}
        setItems={setMediaItems}
        onRemove={onRemoveMedia}
        error={form.message('media')}
      />

      {isAuthor && relations ? (
        <CreditsField postId={postId} value={relations} onChange={setRelations} />
      ) : null}

      <FormError error={form.error} />

      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={() => void navigate(cancelTo)}>{t('common.cancel')}</Button>
        <Button
          type="submit"
          variant="contained"
          loading={form.pending || saveRelations.isPending}
          disabled={uploading}
        >
          {uploading ? t('editor.waitUploads') : editing ? t('editor.save') : t('editor.publish')}
        </Button>
      </Stack>
    </FormCard>
  );
}
