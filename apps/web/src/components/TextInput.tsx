/**
 * A text field that is never a select: MUI's `TextField` without its `select` mode. `TextField`
 * always imports `Select` (and with it Menu, Popover, Modal: about 10 KB gzip), even on a page
 * with no select — the sign-in page, for one. This composes the same parts the way `TextField`
 * does for its default outlined variant (FormControl + InputLabel + OutlinedInput +
 * FormHelperText, with its ids, `aria-describedby` and classes), so it looks and reads the same,
 * for the props our fields use. Selects stay `TextField select` (see `SelectField`), and so do
 * the inputs of an Autocomplete (its `renderInput` gives TextField's own props).
 */
import { forwardRef, useId, type ReactNode } from 'react';
import FormControl, { type FormControlProps } from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';

export interface TextInputProps
  extends
    Pick<
      FormControlProps,
      'disabled' | 'error' | 'fullWidth' | 'required' | 'size' | 'sx' | 'onKeyDown'
    >,
    Pick<
      OutlinedInputProps,
      | 'autoComplete'
      | 'inputRef'
      | 'maxRows'
      | 'minRows'
      | 'multiline'
      | 'name'
      | 'onBlur'
      | 'onChange'
      | 'placeholder'
      | 'type'
      | 'value'
    > {
  /** The input's id; one is made up if not given (the label and the helper text point at it). */
  id?: string;
  label?: ReactNode;
  /** Below the field (its error, a hint, a counter), describing the input. */
  helperText?: ReactNode;
  slotProps?: {
    /** More props of the OutlinedInput: an adornment, `inputComponent`. */
    input?: Partial<OutlinedInputProps>;
    /** Attributes of the `<input>` or `<textarea>` itself: `maxLength`, `enterKeyHint`, … */
    htmlInput?: OutlinedInputProps['inputProps'];
  };
}

/**
 * The ref goes to the root, as TextField's does: `{...form.field(name)}`-style spreads carry
 * react-hook-form's `ref` too, which then finds the input inside the root. (Under Preact a
 * function component without forwardRef would hand that ref its own instance, and the form would
 * read no value.)
 */
export const TextInput = forwardRef<HTMLDivElement, TextInputProps>(function TextInput(
  {
    id: idProp,
    label,
    helperText,
    disabled = false,
    error = false,
    fullWidth = false,
    required = false,
    size,
    sx,
    onKeyDown,
    slotProps,
    ...input
  }: TextInputProps,
  ref,
) {
  const generatedId = useId();
  const id = idProp ?? generatedId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl
      ref={ref}
      className="MuiTextField-root"
      disabled={disabled}
      error={error}
      fullWidth={fullWidth}
      required={required}
      size={size}
      sx={sx}
      onKeyDown={onKeyDown}
    >
      {label ? (
        <InputLabel htmlFor={id} id={`${id}-label`}>
          {label}
        </InputLabel>
      ) : null}
      <OutlinedInput
        {...input}
        id={id}
        aria-describedby={helperTextId}
        fullWidth={fullWidth}
        // The outline's notch: as wide as the label, open while the label floats.
        label={label}
        inputProps={slotProps?.htmlInput}
        {...slotProps?.input}
      />
      {helperText ? <FormHelperText id={helperTextId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
});
