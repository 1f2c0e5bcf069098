/**
 * Picks tags from the whole list (GET /api/tags, cached): typing searches every language's label
 * and parent tags' labels (shared `searchTags`), results sorted by the label in the interface
 * language. Multi-select (up to `max`) or single-select. When `allowCreate` (advanced creators and
 * moderators, see `canCreateTags`), a query that matches no label exactly offers
 * "Create tag “xyz”", which creates it with that English label and selects it.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from '../i18n/useTranslation.tsx';
import type { HTMLAttributes, Key } from 'react';
import Autocomplete, { type AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { limits, searchTags, tagLabel, type Tag } from '@atelier/shared';
import { useCreateTag, useTags } from '../api/tags.ts';
import { generalErrorCode, translateError } from './errors.ts';
import { useLanguageCode } from './TagChips.tsx';

type Option = Tag | { create: string };

const isCreate = (option: Option): option is { create: string } => 'create' in option;

export interface TagPickerProps {
  label: string;
  value: readonly string[];
  onChange: (ids: string[]) => void;
  /** Default true; single-select gives at most one id. */
  multiple?: boolean;
  max?: number;
  allowCreate?: boolean;
  /** An error message (already translated) shown under the field. */
  error?: string;
  helperText?: string;
  size?: 'small' | 'medium';
  id?: string;
}

export function TagPicker({
  label,
  value,
  onChange,
  multiple = true,
  max = limits.postTagsMax,
  allowCreate = false,
  error,
  helperText,
  size,
  id,
}: TagPickerProps) {
  const { t } = useTranslation();
  const lng = useLanguageCode();
  const tags = useTags();
  const createTag = useCreateTag();
  const [input, setInput] = useState('');
  const all = useMemo(() => tags.data ?? [], [tags.data]);
  // Stable identity: Autocomplete resets its typed text whenever `value` is a new object.
  const key = value.join(',');
  const selected = useMemo(() => {
    const byId = new Map(all.map((tag) => [tag.id, tag]));
    return key
      .split(',')
      .map((v) => byId.get(v))
      .filter((tag): tag is Tag => tag !== undefined);
  }, [all, key]);
  const full = multiple && value.length >= max;

  const filterOptions = (options: Option[], state: { inputValue: string }): Option[] => {
    const found: Option[] = searchTags(
      options.filter((o): o is Tag => !isCreate(o)),
      state.inputValue,
      lng,
    );
    const q = state.inputValue.trim();
    if (allowCreate && q && q.length <= limits.tagLabelMax) {
      const lower = q.toLocaleLowerCase();
      const exact = all.some((tag) =>
        Object.values(tag.labels).some((l) => l?.toLocaleLowerCase() === lower),
      );
      if (!exact) found.push({ create: q });
    }
    return found;
  };

  const create = (labelText: string) => {
    createTag.mutate(
      { labels: { en: labelText }, type: 'general', parents: [] },
      {
        onSuccess: (tag) => {
          onChange(multiple ? [...value, tag.id] : [tag.id]);
          setInput('');
        },
      },
    );
  };

  const createError = createTag.error
    ? translateError(t, generalErrorCode(createTag.error))
    : undefined;
  const help = error ?? createError ?? (full ? t('tagPicker.full', { max }) : helperText);
  const common = {
    id,
    options: all as Option[],
    loading: tags.isPending,
    size,
    inputValue: input,
    onInputChange: (_: unknown, next: string) => setInput(next),
    filterOptions,
    isOptionEqualToValue: (a: Option, b: Option) => !isCreate(a) && !isCreate(b) && a.id === b.id,
    getOptionLabel: (option: Option) => (isCreate(option) ? option.create : tagLabel(option, lng)),
    getOptionDisabled: (option: Option) => full && (isCreate(option) || !value.includes(option.id)),
    renderOption: (props: HTMLAttributes<HTMLLIElement> & { key: Key }, option: Option) => {
      const { key, ...rest } = props;
      return (
        <li key={isCreate(option) ? `create:${option.create}` : key} {...rest}>
          {isCreate(option)
            ? t('tagPicker.create', { label: option.create })
            : tagLabel(option, lng)}
        </li>
      );
    },
    noOptionsText: t('tagPicker.none'),
    loadingText: t('common.loading'),
    renderInput: (params: AutocompleteRenderInputParams) => (
      <TextField
        {...params}
        label={label}
        error={Boolean(error ?? createError)}
        helperText={help}
      />
    ),
  };

  if (!multiple) {
    return (
      <Autocomplete<Option>
        {...common}
        value={selected[0] ?? null}
        onChange={(_, next) => {
          if (next && isCreate(next)) create(next.create);
          else onChange(next ? [next.id] : []);
        }}
      />
    );
  }
  return (
    <Autocomplete<Option, true>
      {...common}
      multiple
      filterSelectedOptions
      value={selected}
      onChange={(_, next) => {
        const made = next.find(isCreate);
        if (made) {
          create(made.create);
          return;
        }
        onChange(
          next
            .filter((o): o is Tag => !isCreate(o))
            .map((tag) => tag.id)
            .slice(0, max),
        );
      }}
      renderValue={(items, getItemProps) =>
        items.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return (
            <Chip
              key={key}
              size="small"
              label={isCreate(option) ? option.create : tagLabel(option, lng)}
              {...itemProps}
            />
          );
        })
      }
    />
  );
}
