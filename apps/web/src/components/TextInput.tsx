/**
 * A labelled text field, one line or several, as plain elements with the look of MUI's outlined
 * `TextField` (TextInput.module.css): the sign-in page, the other forms and every comment
 * composer draw one, and as MUI components (FormControl, InputLabel, OutlinedInput,
 * FormHelperText) each resolved its styles through Emotion at render, and brought MUI onto the
 * sign-in page's first screen. The label floats and the outline opens its notch by CSS alone,
 * from the input's own state (focused, holding text, autofilled): nothing re-renders as someone
 * types, and a form's reset or the browser's autofill moves the label too.
 *
 * It reads as TextField does: the label names the input (`for`), the helper text describes it
 * (`aria-describedby`), `aria-invalid` says whether it is in error, `required` marks it with an
 * asterisk the label's name leaves out. Selects stay MUI's `TextField select` (SelectField), and
 * so do an Autocomplete's inputs.
 */
import {
  forwardRef,
  useId,
  useLayoutEffect,
  useRef,
  type ChangeEventHandler,
  type FocusEventHandler,
  type HTMLInputTypeAttribute,
  type KeyboardEventHandler,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react';
import css from './TextInput.module.css';

/** Where the browser sizes a text area to its text itself (CSS `field-sizing`). */
const cssSizing =
  typeof CSS !== 'undefined' &&
  typeof CSS.supports === 'function' &&
  CSS.supports('field-sizing', 'content');

/** Without `field-sizing`: the text area as tall as its text, between `minRows` and `maxRows`. */
function fitToText(textarea: HTMLTextAreaElement, minRows: number, maxRows: number | undefined) {
  const lineHeight = parseFloat(getComputedStyle(textarea).lineHeight) || 23;
  textarea.style.height = 'auto';
  const rows = Math.min(Math.max(textarea.scrollHeight / lineHeight, minRows), maxRows ?? Infinity);
  textarea.style.height = `${rows * lineHeight}px`;
}

export type FieldElement = HTMLInputElement & HTMLTextAreaElement;

export interface TextInputProps {
  /** The input's id; one is made up if not given (the label and the helper text point at it). */
  id?: string;
  label?: ReactNode;
  /** Below the field (its error, a hint, a counter), describing the input. */
  helperText?: ReactNode;
  /** At the right of the helper text, which it then always shows (a live counter). */
  counter?: ReactNode;
  error?: boolean;
  disabled?: boolean;
  required?: boolean;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  /** A text area, as tall as its text between `minRows` and `maxRows`. */
  multiline?: boolean;
  minRows?: number;
  maxRows?: number;
  /** Inside the outline, before or after the text: an icon, a button. */
  startAdornment?: ReactNode;
  endAdornment?: ReactNode;
  inputRef?: Ref<FieldElement>;
  name?: string;
  type?: HTMLInputTypeAttribute;
  value?: string;
  placeholder?: string;
  autoComplete?: string;
  maxLength?: number;
  enterKeyHint?: 'enter' | 'done' | 'go' | 'next' | 'previous' | 'search' | 'send';
  onChange?: ChangeEventHandler<FieldElement>;
  onBlur?: FocusEventHandler<FieldElement>;
  onKeyDown?: KeyboardEventHandler<FieldElement>;
}

/**
 * The ref goes to the root, as TextField's does: `{...form.field(name)}`-style spreads carry
 * react-hook-form's `ref` as `inputRef`. (Under Preact a function component without forwardRef
 * would hand a ref its own instance.)
 */
export const TextInput = forwardRef<HTMLDivElement, TextInputProps>(function TextInput(
  {
    id: idProp,
    label,
    helperText,
    counter,
    error = false,
    disabled = false,
    required = false,
    fullWidth = false,
    size,
    multiline = false,
    minRows = 1,
    maxRows,
    startAdornment,
    endAdornment,
    inputRef,
    placeholder,
    ...input
  }: TextInputProps,
  ref,
) {
  const generatedId = useId();
  const id = idProp ?? generatedId;
  const hasHelper = helperText != null || counter != null;
  const helperTextId = hasHelper ? `${id}-helper-text` : undefined;
  const labelled = label != null && label !== '';

  const element = useRef<FieldElement | null>(null);
  const setElement = (el: FieldElement | null) => {
    element.current = el;
    if (typeof inputRef === 'function') inputRef(el);
    else if (inputRef) inputRef.current = el;
  };
  // Without `field-sizing`, a text area is fitted to its text when that text changes: as someone
  // types (below), or set from script (a reset, a controlled value). Never as it mounts empty:
  // that would force a layout of the page for each field.
  const fitted = useRef('');
  const fit = () => {
    const textarea = element.current;
    if (!multiline || cssSizing || !textarea || textarea.value === fitted.current) return;
    fitted.current = textarea.value;
    fitToText(textarea, minRows, maxRows);
  };
  useLayoutEffect(fit);

  const classes = [
    css.root,
    fullWidth && css.fullWidth,
    size === 'small' && css.small,
    multiline && css.multiline,
    startAdornment != null && css.adornedStart,
    endAdornment != null && css.adornedEnd,
    labelled && css.labelled,
    error && css.error,
    disabled && css.disabled,
  ];
  const field = {
    ...input,
    ref: setElement,
    id,
    className: multiline && cssSizing ? `${css.input} ${css.sized}` : css.input,
    // Always a placeholder: `:placeholder-shown` then tells the style sheet the field is empty.
    placeholder: placeholder ?? ' ',
    disabled,
    required,
    'aria-invalid': error,
    'aria-describedby': helperTextId,
  };
  const asterisk = required ? '\u2009*' : null;
  return (
    <div ref={ref} className={classes.filter(Boolean).join(' ')}>
      {/* A click on the outline's padding (a text area's, beside an adornment) focuses the input,
          as MUI's does: a pointer's convenience, the keyboard reaches the input itself. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
      <div
        className={css.base}
        onClick={(e: MouseEvent) => {
          if (e.target === e.currentTarget) element.current?.focus();
        }}
      >
        {startAdornment != null ? <div className={css.adornment}>{startAdornment}</div> : null}
        {multiline ? (
          <textarea
            {...field}
            rows={minRows}
            style={
              cssSizing
                ? { minHeight: `${minRows}lh`, maxHeight: maxRows ? `${maxRows}lh` : undefined }
                : { maxHeight: maxRows ? `${maxRows * 1.4375}em` : undefined }
            }
            onInput={fit}
          />
        ) : (
          <input {...field} />
        )}
        {endAdornment != null ? <div className={css.adornment}>{endAdornment}</div> : null}
        {labelled ? (
          <label className={css.label} htmlFor={id} id={`${id}-label`}>
            {label}
            {asterisk ? <span aria-hidden>{asterisk}</span> : null}
          </label>
        ) : null}
        <fieldset aria-hidden className={css.outline}>
          {labelled ? (
            <legend className={css.notch}>
              <span>
                {label}
                {asterisk}
              </span>
            </legend>
          ) : (
            <legend className={css.empty}>
              <span className="notranslate" aria-hidden>
                {'\u200b'}
              </span>
            </legend>
          )}
        </fieldset>
      </div>
      {hasHelper ? (
        <p
          className={counter != null ? `${css.helper} ${css.withCounter}` : css.helper}
          id={helperTextId}
        >
          {counter != null ? (
            <>
              <span>{helperText}</span>
              <span className={css.counter}>{counter}</span>
            </>
          ) : (
            helperText
          )}
        </p>
      ) : null}
    </div>
  );
});
