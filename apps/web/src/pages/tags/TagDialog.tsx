/**
 * Creating or editing a tag: labels in the four languages (English required), the type, and up to
 * five parents among the other tags (never the tag itself or one of its descendants: no cycles).
 */
import { useMemo, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  isLanguage,
  languages,
  limits,
  searchTags,
  tagLabel,
  tagSchema,
  tagTypes,
  type Language,
  type Tag,
  type TagInput,
  type TagType,
} from '@atelier/shared';
import { issuesToFieldErrors, serverFieldErrors } from '../../components/errors.ts';
import { FormError } from '../../components/FormError.tsx';
import { useFieldErrors } from '../../components/useFieldErrors.ts';

const labelKeys: Record<Language, string> = {
  en: 'tags.labelEn',
  ko: 'tags.labelKo',
  fr: 'tags.labelFr',
  es: 'tags.labelEs',
};

/** The ids of a tag and every tag below it. */
export function selfAndDescendants(tags: readonly Tag[], id: string): Set<string> {
  const out = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const tag of tags) {
      if (!out.has(tag.id) && tag.parents.some((p) => out.has(p))) {
        out.add(tag.id);
        grew = true;
      }
    }
  }
  return out;
}

export function TagDialog({
  tag,
  tags,
  onSubmit,
  onClose,
}: {
  tag: Tag | null;
  tags: readonly Tag[];
  onSubmit: (input: TagInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lng: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const [labels, setLabels] = useState<Record<Language, string>>({
    en: tag?.labels.en ?? '',
    ko: tag?.labels.ko ?? '',
    fr: tag?.labels.fr ?? '',
    es: tag?.labels.es ?? '',
  });
  const [type, setType] = useState<TagType>(tag?.type ?? 'general');
  const [parents, setParents] = useState<string[]>(tag?.parents ?? []);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const fields = useFieldErrors();

  const candidates = useMemo(() => {
    const excluded = tag ? selfAndDescendants(tags, tag.id) : new Set<string>();
    return searchTags(
      tags.filter((other) => !excluded.has(other.id)),
      '',
      lng,
    );
  }, [tags, tag, lng]);
  const byId = useMemo(() => new Map(tags.map((x) => [x.id, x])), [tags]);
  const selected = parents.map((id) => byId.get(id)).filter((x): x is Tag => x !== undefined);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const input = {
      // All four, empty ones included: an edit that clears a label must clear it (English shows then).
      labels: { ...labels },
      type,
      parents,
    };
    const parsed = tagSchema.safeParse(input);
    if (!parsed.success) {
      fields.setErrors(issuesToFieldErrors(parsed.error.issues));
      return;
    }
    setPending(true);
    setError(null);
    try {
      await onSubmit(parsed.data);
      onClose();
    } catch (err) {
      setError(err);
      fields.setErrors(serverFieldErrors(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      aria-labelledby="tag-dialog-title"
      fullWidth
      maxWidth="sm"
    >
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="tag-dialog-title">
          {tag ? t('tags.editTitle') : t('tags.createTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormError error={error} />
            {languages.map((language) => (
              <TextField
                key={language}
                label={t(labelKeys[language])}
                value={labels[language]}
                required={language === 'en'}
                lang={language}
                onChange={(e) => {
                  setLabels((prev) => ({ ...prev, [language]: e.target.value }));
                  fields.clear(`labels.${language}`);
                }}
                error={Boolean(fields.message(`labels.${language}`))}
                helperText={
                  fields.message(`labels.${language}`) ??
                  (language === 'en' ? undefined : t('tags.optional'))
                }
                slotProps={{ htmlInput: { maxLength: limits.tagLabelMax } }}
                fullWidth
              />
            ))}
            <TextField
              select
              label={t('tags.type')}
              value={type}
              onChange={(e) => setType(e.target.value as TagType)}
              error={Boolean(fields.message('type'))}
              helperText={fields.message('type')}
              fullWidth
            >
              {tagTypes.map((value) => (
                <MenuItem key={value} value={value}>
                  {t(`tags.types.${value}`)}
                </MenuItem>
              ))}
            </TextField>
            <Autocomplete
              multiple
              options={candidates}
              value={selected}
              onChange={(_, next) => {
                setParents(next.map((x) => x.id));
                fields.clear('parents');
              }}
              getOptionLabel={(option) => tagLabel(option, lng)}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              getOptionDisabled={() => parents.length >= limits.tagParentsMax}
              filterOptions={(options, state) => searchTags(options, state.inputValue, lng)}
              filterSelectedOptions
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('tags.parentsLabel')}
                  error={Boolean(fields.message('parents'))}
                  helperText={fields.message('parents') ?? t('tags.parentsHint')}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={pending}>
            {tag ? t('tags.save') : t('tags.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
