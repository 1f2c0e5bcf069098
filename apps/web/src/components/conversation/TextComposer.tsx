/**
 * A labelled text area with a live counter and a submit button, for comments, replies and status
 * updates (and their inline edits). Over the limit the counter turns red and nothing is sent;
 * Ctrl/⌘+Enter submits. The text is cleared after a successful submit (unless editing).
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { serverFieldErrors, translateError } from '../errors.ts';
import { isApiError } from '../../api/client.ts';

export interface TextComposerProps {
  label: string;
  max: number;
  /** Translation key shown when the text is over `max`. */
  tooLongKey: string;
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
  max,
  tooLongKey,
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
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState(initial);

  useEffect(() => {
    if (focusOnMount) inputRef.current?.focus();
  }, [focusOnMount]);
  const [pending, setPending] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const tooLong = text.length > max;
  const empty = text.trim().length === 0;
  const unchanged = keepAfterSubmit && text.trim() === initial.trim();

  const submit = async (e?: SyntheticEvent) => {
    e?.preventDefault();
    if (pending || empty || tooLong || unchanged) return;
    setPending(true);
    setErrorKey(null);
    try {
      await onSubmit(text.trim());
      if (!keepAfterSubmit) setText('');
    } catch (err) {
      const fields = Object.values(serverFieldErrors(err));
      setErrorKey(fields[0] ?? (isApiError(err) ? err.code : 'errors.unknown'));
    } finally {
      setPending(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void submit();
    if (e.key === 'Escape' && onCancel) onCancel();
  };

  const counter = t('common.counter', { count: text.length, max });
  const message = tooLong
    ? translateError(t, tooLongKey)
    : errorKey
      ? translateError(t, errorKey)
      : hint;
  return (
    <Box component="form" onSubmit={(e) => void submit(e)} noValidate sx={{ width: '100%' }}>
      <Stack spacing={1}>
        <TextField
          id={id}
          label={label}
          multiline
          minRows={minRows}
          maxRows={16}
          fullWidth
          value={text}
          placeholder={placeholder}
          onChange={(e) => {
            setText(e.target.value);
            setErrorKey(null);
          }}
          onKeyDown={onKeyDown}
          inputRef={inputRef}
          error={tooLong || Boolean(errorKey)}
          helperText={
            <Box component="span" sx={{ display: 'flex', gap: 2, justifyContent: 'space-between' }}>
              <span>{message}</span>
              <Box
                component="span"
                sx={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}
                data-testid="composer-counter"
              >
                {counter}
              </Box>
            </Box>
          }
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          {onCancel ? (
            <Button onClick={onCancel} disabled={pending}>
              {t('common.cancel')}
            </Button>
          ) : null}
          <Button
            type="submit"
            variant="contained"
            disabled={pending || empty || tooLong || unchanged}
          >
            {submitLabel}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
