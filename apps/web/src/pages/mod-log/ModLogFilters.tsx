/**
 * The mod log's filters: action, moderator and user (a name or an id), a date range. Applied on
 * submit (Enter in any field works); a range that ends before it starts is refused next to "To".
 */
import { useState, type ChangeEvent, type SyntheticEvent } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { modActions, type ModActionName } from '@atelier/shared';
import type { ModLogFilters as Filters } from '../../api/modLog.ts';
import { translateError } from '../../components/errors.ts';

const fieldNames = ['moderator', 'subject', 'from', 'to'] as const;

/** Drops empty values and trims text. */
export function cleanFilters(input: Record<string, string | undefined>): Filters {
  const out: Filters = {};
  const action = input.action;
  if (action && (modActions as readonly string[]).includes(action))
    out.action = action as ModActionName;
  for (const name of fieldNames) {
    const value = input[name]?.trim();
    if (value) out[name] = value;
  }
  return out;
}

export function ModLogFilters({
  value,
  onApply,
}: {
  value: Filters;
  onApply: (filters: Filters) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Record<string, string>>({
    action: value.action ?? '',
    moderator: value.moderator ?? '',
    subject: value.subject ?? '',
    from: value.from ?? '',
    to: value.to ?? '',
  });
  const [rangeError, setRangeError] = useState<string | null>(null);
  const set = (name: string, v: string) => {
    setDraft((prev) => ({ ...prev, [name]: v }));
    if (name === 'from' || name === 'to') setRangeError(null);
  };
  /** The props every filter field shares: its label, its draft value, small. */
  const field = (name: string) => ({
    label: t(`moderation.log.${name}`),
    value: draft[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(name, e.target.value),
    size: 'small' as const,
  });

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const filters = cleanFilters(draft);
    if (filters.from && filters.to && filters.from > filters.to) {
      setRangeError('errors.moderation.dateRange');
      return;
    }
    onApply(filters);
  };
  const clear = () => {
    setDraft({ action: '', moderator: '', subject: '', from: '', to: '' });
    setRangeError(null);
    onApply({});
  };

  return (
    <form noValidate onSubmit={submit} aria-label={t('moderation.log.filters')}>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <TextField select {...field('action')} sx={{ minWidth: { md: 220 } }}>
            <MenuItem value="">{t('moderation.log.anyAction')}</MenuItem>
            {modActions.map((action) => (
              <MenuItem key={action} value={action}>
                {t(`moderation.log.actions.${action}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            {...field('moderator')}
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <TextField
            {...field('subject')}
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
        </Stack>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'flex-start' } }}
        >
          <TextField type="date" {...field('from')} slotProps={{ inputLabel: { shrink: true } }} />
          <TextField
            type="date"
            {...field('to')}
            error={Boolean(rangeError)}
            helperText={rangeError ? translateError(t, rangeError) : undefined}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained">
              {t('moderation.log.apply')}
            </Button>
            <Button onClick={clear}>{t('moderation.log.clear')}</Button>
          </Stack>
        </Stack>
      </Stack>
    </form>
  );
}
