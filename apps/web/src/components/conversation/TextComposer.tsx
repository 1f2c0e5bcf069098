/**
 * A labelled text area with a live counter and a submit button, for comments, replies and status
 * updates (and their inline edits): a `useZodForm` form on the shared schema of the request, its
 * one text field `name`, checked as it changes. Over the limit the counter turns red with the
 * schema's message and nothing is sent; an empty text only disables the button. Ctrl/⌘+Enter
 * submits, Escape cancels. The server's errors show under the field. The text is cleared after a
 * successful submit (unless editing).
 *
 * The field is a multiline TextInput, as tall as its text up to 16 lines; the buttons are plain
 * elements with the look of MUI's (composer.module.css): a composer is on the home page and under
 * every post, and as MUI components its first render was a good part of those pages' longest task
 * on a phone.
 */
import { useEffect, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import type { z } from 'zod';
import { generalErrorCode, translateError } from '../errors.ts';
import { TextInput } from '../TextInput.tsx';
import { useZodForm, type SchemaSource } from '../useZodForm.ts';
import css from './composer.module.css';

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
    <form
      className={css.form}
      onSubmit={submit}
      // Someone starts writing (a change without focus too: a script, an extension).
      onFocus={form.prepare}
      onChange={form.prepare}
      noValidate
    >
      <TextInput
        {...input}
        inputRef={ref}
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
