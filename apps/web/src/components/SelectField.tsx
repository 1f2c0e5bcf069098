/** A select of a react-hook-form field (useZodForm): one value among `options`. */
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export function SelectField<T extends FieldValues>({
  control,
  name,
  label,
  options,
  message,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  /** Each choice, with the colour of its text if it has one (a role's colour). */
  options: readonly { value: string; label: string; color?: string }[];
  /** The field's translated error, if any. */
  message?: string | undefined;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          select
          label={label}
          name={field.name}
          value={field.value}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(message)}
          helperText={message}
          fullWidth
        >
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value} sx={{ color: option.color }}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
