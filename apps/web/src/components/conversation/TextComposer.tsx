/**
 * A labelled text area with a live counter and a submit button, for comments, replies and status
 * updates (and their inline edits): a one-field form on the shared schema of the request
 * (`useTextForm`), checked as it changes. Over the limit the counter turns red with the schema's
 * message and nothing is sent; an empty text only disables the button. Ctrl/⌘+Enter submits,
 * Escape cancels. The server's errors show under the field. The text is cleared after a
 * successful submit (unless editing).
 *
 * The field is a multiline TextInput, as tall as its text up to 16 lines; the buttons are plain
 * elements with the look of MUI's (composer.module.css): a composer is on the home page and under
 * every post, and as MUI components its first render was a good part of those pages' longest task
 * on a phone.
 */
import { useEffect, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import { generalErrorCode, translateError } from '../errors.ts';
import type { SchemaSource } from '../schemaSource.ts';
import { TextInput } from '../TextInput.tsx';
import css from './composer.module.css';
import { useTextForm, type TextSchema } from './useTextForm.ts';

export type { TextSchema } from './useTextForm.ts';

const maxRows = 16;

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
  const form = useTextForm(schema, name, initial, onSubmit, keepAfterSubmit);
  const { text, fieldRef } = form;
  useEffect(() => {
    if (focusOnMount) fieldRef.current?.focus();
  }, [focusOnMount, fieldRef]);
  const unchanged = keepAfterSubmit && text.trim() === initial.trim();
  const blocked = form.pending || !form.valid || unchanged;

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !blocked) form.submit();
    if (e.key === 'Escape' && onCancel) onCancel();
  };

  const fieldMessage = form.fieldError ? translateError(t, form.fieldError) : undefined;
  const generalCode = generalErrorCode(form.error);
  const message =
    fieldMessage ?? (generalCode ? translateError(t, generalCode) : undefined) ?? hint;
  return (
    <form
      className={css.form}
      onSubmit={form.submit}
      // Someone starts writing (a change without focus too: a script, an extension).
      onFocus={form.prepare}
      onChange={form.prepare}
      noValidate
    >
      <TextInput
        name={name}
        value={text}
        onChange={(e) => form.change(e.currentTarget.value)}
        inputRef={fieldRef}
        label={label}
        multiline
        minRows={minRows}
        maxRows={maxRows}
        fullWidth
        placeholder={placeholder}
        onKeyDown={onKeyDown}
        error={Boolean(fieldMessage ?? generalCode)}
        helperText={message}
        counter={
          <span data-testid="composer-counter">
            {t('common.counter', { count: text.length, max })}
          </span>
        }
      />
      <div className={css.buttons}>
        {onCancel ? (
          <button type="button" className={css.cancel} onClick={onCancel} disabled={form.pending}>
            {t('common.cancel')}
          </button>
        ) : null}
        <button type="submit" className={css.submit} disabled={blocked}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
