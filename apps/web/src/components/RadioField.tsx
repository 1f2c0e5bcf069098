/**
 * A choice among a few values as radios, a field of a `useZodForm` form (`<Controller>`): the group
 * named by its visible label; `children` (the error or a hint) below the radios.
 */
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import type { SxProps, Theme } from '@mui/material/styles';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';

export function RadioField<T extends FieldValues>({
  control,
  name,
  labelId,
  label,
  labelSx,
  options,
  error,
  required,
  small,
  onPick,
  children,
}: {
  control: Control<T, unknown, unknown>;
  name: Path<T>;
  /** The id of the visible label, which names the group. */
  labelId: string;
  label: string;
  /** The label's style, where it differs (a bold heading of the group). */
  labelSx?: SxProps<Theme>;
  options: readonly { value: string; label: string }[];
  error: boolean;
  required?: boolean;
  /** Small radios (a long list in a dialog). */
  small?: boolean;
  /** Called with the value picked, after the field took it. */
  onPick?: (value: string) => void;
  children?: ReactNode;
}) {
  return (
    <FormControl error={error} required={required}>
      <FormLabel id={labelId} sx={labelSx}>
        {label}
      </FormLabel>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <RadioGroup
            aria-labelledby={labelId}
            name={field.name}
            value={field.value}
            onChange={(e) => {
              field.onChange(e.target.value);
              onPick?.(e.target.value);
            }}
          >
            {options.map((option) => (
              <FormControlLabel
                key={option.value}
                value={option.value}
                control={small ? <Radio size="small" /> : <Radio />}
                label={option.label}
              />
            ))}
          </RadioGroup>
        )}
      />
      {children}
    </FormControl>
  );
}
