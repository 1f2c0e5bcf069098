/**
 * A labelled text area with a live counter and a submit button, for comments, replies and status
 * updates (and their inline edits): a `useZodForm` form on the shared schema of the request, its
 * one text field `name`, checked as it changes. Over the limit the counter turns red with the
 * schema's message and nothing is sent; an empty text only disables the button. Ctrl/⌘+Enter
 * submits, Escape cancels. The server's errors show under the field. The text is cleared after a
 * successful submit (unless editing).
 *
 * Plain elements with the look of MUI's outlined TextField and Buttons (composer.module.css): a
 * composer is on the home page and under every post, and as MUI components its first render was
 * a good part of those pages' longest task on a phone.
 */
import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import type { z } from 'zod';
import { generalErrorCode, translateError } from '../errors.ts';
import { useZodForm, type SchemaSource } from '../useZodForm.ts';
import css from './composer.module.css';

/**
 * Where the browser sizes a text area to its text itself (CSS `field-sizing`), the field grows by
 * CSS between `minRows` and 16 lines; elsewhere it is sized from script as its text changes
 * (never as it mounts: that would force a layout of the page for each composer).
 */
const cssSizing =
  typeof CSS !== 'undefined' &&
  typeof CSS.supports === 'function' &&
  CSS.supports('field-sizing', 'content');
const maxRows = 16;

/** Without `field-sizing`: the text area as tall as its text, between `minRows` and `maxRows`. */
function fitToText(textarea: HTMLTextAreaElement, minRows: number) {
  const lineHeight = parseFloat(getComputedStyle(textarea).lineHeight) || 23;
  textarea.style.height = 'auto';
  const rows = Math.min(Math.max(textarea.scrollHeight / lineHeight, minRows), maxRows);
  textarea.style.height = `${rows * lineHeight}px`;
}

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
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const sized = useRef(false);
  useLayoutEffect(() => {
    // Nothing typed yet: `rows` gives the height, and no layout is forced as the composer mounts.
    if (cssSizing || !textarea.current || (!sized.current && text === '')) return;
    sized.current = true;
    fitToText(textarea.current, minRows);
  }, [text, minRows]);
  const invalid = Boolean(fieldMessage ?? generalCode);
  const helperId = `${id}-helper-text`;
  const fieldClass = [css.field, text !== '' && css.shrink, invalid && css.error]
    .filter(Boolean)
    .join(' ');
  return (
    <form
      className={css.form}
      onSubmit={submit}
      // Someone starts writing (a change without focus too: a script, an extension).
      onFocus={form.prepare}
      onChange={form.prepare}
      noValidate
    >
      <div className={fieldClass}>
        <label className={css.label} htmlFor={id} id={`${id}-label`}>
          {label}
        </label>
        <div className={css.input}>
          <textarea
            {...input}
            ref={(el) => {
              textarea.current = el;
              ref(el);
            }}
            id={id}
            className={cssSizing ? `${css.textarea} ${css.sized}` : css.textarea}
            rows={minRows}
            style={
              cssSizing
                ? { minHeight: `${minRows}lh`, maxHeight: `${maxRows}lh` }
                : { maxHeight: `${maxRows * 1.4375}em` }
            }
            placeholder={placeholder}
            onKeyDown={onKeyDown}
            aria-invalid={invalid}
            aria-describedby={helperId}
          />
          <fieldset aria-hidden className={css.outline}>
            <legend>
              <span>{label}</span>
            </legend>
          </fieldset>
        </div>
        <p className={css.helper} id={helperId}>
          <span>{message}</span>
          <span className={css.counter} data-testid="composer-counter">
            {t('common.counter', { count: text.length, max })}
          </span>
        </p>
      </div>
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
