/**
 * A labelled text area with a live counter and a submit button, for comments, replies and status
 * updates (and their inline edits): a `useZodForm` form on the shared schema of the request, its
 * one text field `name`, checked as it changes. Over the limit the counter turns red with the
 * schema's message and nothing is sent; an empty text only disables the button. Ctrl/⌘+Enter
 * submits, Escape cancels. The server's errors show under the field. The text is cleared after a
 * successful submit (unless editing).
 */
import { useEffect, useId, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { TextInput } from '../TextInput.tsx';
import type { z } from 'zod';
import { generalErrorCode, translateError } from '../errors.ts';
import { useZodForm, type SchemaSource } from '../useZodForm.ts';

/**
 * Where the browser sizes a text area to its text itself (CSS `field-sizing`), the field is a
 * plain textarea grown by CSS between `minRows` and 16 lines; elsewhere MUI's autosize measures
 * it from script, which forces a layout of the page as each composer mounts (~20 ms on a fast
 * machine with the home's and a post's composers) and again as the text changes.
 */
const cssSizing =
  typeof CSS !== 'undefined' &&
  typeof CSS.supports === 'function' &&
  CSS.supports('field-sizing', 'content');
const maxRows = 16;

/** The shared schema of a request whose one text field the composer fills. */
export type TextSchema = z.ZodType<Record<string, string>, Record<string, string>>;

export interface TextComposerProps {
  label: string;
  /** The shared schema of the request, and the name of its text field. */
  schema: SchemaSource<TextSchema>;
  name: string;
  /** The schema's limit, for the counter. */
  max: number;
  submitLabel: string;
  onSubmit: (text: string) => Promise<unknown>;
  onCancel?: () => void;
  initial?: string;
  /** Keep the text after submitting (inline edit: the form closes instead). */
  keepAfterSubmit?: boolean;
  hint?: string;
  minRows?: number;
  /** Move the focus into the field when it appears (inline edit, reply to a reply). */
  focusOnMount?: boolean;
  placeholder?: string;
}

export function TextComposer({
  label,
  schema,
  name,
  max,
  submitLabel,
  onSubmit,
  onCancel,
  initial = '',
  keepAfterSubmit = false,
  hint,
  minRows = 2,
  focusOnMount = false,
  placeholder,
}: TextComposerProps) {
  const { t } = useTranslation();
  const id = useId();
  const form = useZodForm(
    schema,
    { [name]: initial },
    {
      mode: 'onChange',
      // Zod loads when someone starts writing, not with every page that shows a composer.
      loadOn: 'focus',
      // The text is the only field: whatever field the server names is about it.
      serverFields: (errors) => {
        const [first] = Object.values(errors);
        return first ? { [name]: first } : {};
      },
    },
  );
  const text = form.watch(name) ?? '';
  const { setFocus } = form;
  useEffect(() => {
    if (focusOnMount) setFocus(name);
  }, [focusOnMount, setFocus, name]);
  const unchanged = keepAfterSubmit && text.trim() === initial.trim();
  const blocked = form.pending || !form.formState.isValid || unchanged;

  const submit = form.submit(async (values) => {
    await onSubmit(values[name] ?? '');
    if (!keepAfterSubmit) form.reset({ [name]: '' });
  });

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !blocked) submit();
    if (e.key === 'Escape' && onCancel) onCancel();
  };

  // An empty text is no error to point at: the button is disabled.
  const fieldMessage = text.trim() ? form.message(name) : undefined;
  const generalCode = generalErrorCode(form.error);
  const message =
    fieldMessage ?? (generalCode ? translateError(t, generalCode) : undefined) ?? hint;
  const { ref, ...input } = form.register(name);
  return (
    <Box
      component="form"
      onSubmit={submit}
      // Someone starts writing (a change without focus too: a script, an extension).
      onFocus={form.prepare}
      onChange={form.prepare}
      noValidate
      sx={{ width: '100%' }}
    >
      <Stack spacing={1}>
        <TextInput
          {...input}
          id={id}
          inputRef={ref}
          label={label}
          multiline
          {...(cssSizing
            ? {
                // A plain textarea (MUI's multiline field is always the autosizing one).
                slotProps: { input: { inputComponent: 'textarea' }, htmlInput: { rows: minRows } },
                sx: {
                  '& textarea': {
                    fieldSizing: 'content',
                    minHeight: `${minRows}lh`,
                    maxHeight: `${maxRows}lh`,
                  },
                },
              }
            : { minRows, maxRows })}
          fullWidth
          placeholder={placeholder}
          onKeyDown={onKeyDown}
          error={Boolean(fieldMessage ?? generalCode)}
          helperText={
            <Box component="span" sx={{ display: 'flex', gap: 2, justifyContent: 'space-between' }}>
              <span>{message}</span>
              <Box
                component="span"
                sx={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}
                data-testid="composer-counter"
              >
                {t('common.counter', { count: text.length, max })}
              </Box>
            </Box>
          }
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          {onCancel ? (
            <Button onClick={onCancel} disabled={form.pending}>
              {t('common.cancel')}
            </Button>
          ) : null}
          <Button type="submit" variant="contained" disabled={blocked}>
            {submitLabel}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
