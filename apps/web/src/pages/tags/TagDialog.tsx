/**
 * Creating or editing a tag: labels in the four languages (English required), the type, and up to
 * five parents among the other tags (never the tag itself or one of its descendants: no cycles).
 */
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import Autocomplete from '@mui/material/Autocomplete';
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
} from '@atelier/shared';
import { FormDialog } from '../../components/FormDialog.tsx';
import { SelectField } from '../../components/SelectField.tsx';
import { useZodForm } from '../../components/useZodForm.ts';

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
  const form = useZodForm(tagSchema, {
    // All four, empty ones included: an edit that clears a label must clear it (English shows then).
    labels: {
      en: tag?.labels.en ?? '',
      ko: tag?.labels.ko ?? '',
      fr: tag?.labels.fr ?? '',
      es: tag?.labels.es ?? '',
    },
    type: tag?.type ?? 'general',
    parents: tag?.parents ?? [],
  });

  const candidates = useMemo(() => {
    const excluded = tag ? selfAndDescendants(tags, tag.id) : new Set<string>();
    return searchTags(
      tags.filter((other) => !excluded.has(other.id)),
      '',
      lng,
    );
  }, [tags, tag, lng]);
  const byId = useMemo(() => new Map(tags.map((x) => [x.id, x])), [tags]);

  return (
    <FormDialog
      id="tag-dialog"
      title={tag ? t('tags.editTitle') : t('tags.createTitle')}
      form={form}
      onSubmit={onSubmit}
      onClose={onClose}
      confirmText={tag ? t('tags.save') : t('tags.create')}
    >
      {languages.map((language) => {
        const { ref, ...input } = form.register(`labels.${language}`);
        const message = form.message(`labels.${language}`);
        return (
          <TextField
            key={language}
            {...input}
            inputRef={ref}
            label={t(labelKeys[language])}
            required={language === 'en'}
            lang={language}
            error={Boolean(message)}
            helperText={message ?? (language === 'en' ? undefined : t('tags.optional'))}
            slotProps={{ htmlInput: { maxLength: limits.tagLabelMax } }}
            fullWidth
          />
        );
      })}
      <SelectField
        control={form.control}
        name="type"
        label={t('tags.type')}
        options={tagTypes.map((value) => ({ value, label: t(`tags.types.${value}`) }))}
        message={form.message('type')}
      />
      <Controller
        control={form.control}
        name="parents"
        render={({ field }) => {
          const parents = field.value ?? [];
          return (
            <Autocomplete
              multiple
              options={candidates}
              value={parents.map((id) => byId.get(id)).filter((x): x is Tag => x !== undefined)}
              onChange={(_, next) => field.onChange(next.map((x) => x.id))}
              onBlur={field.onBlur}
              getOptionLabel={(option) => tagLabel(option, lng)}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              getOptionDisabled={() => parents.length >= limits.tagParentsMax}
              filterOptions={(options, state) => searchTags(options, state.inputValue, lng)}
              filterSelectedOptions
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('tags.parentsLabel')}
                  error={Boolean(form.message('parents'))}
                  helperText={form.message('parents') ?? t('tags.parentsHint')}
                />
              )}
            />
          );
        }}
      />
    </FormDialog>
  );
}
