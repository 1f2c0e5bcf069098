/** Up to `max` links, each its own labelled field, with add and remove buttons. */
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from '../i18n/useTranslation.tsx';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { TextInput } from './TextInput.tsx';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';

export function LinksField({
  legend,
  links,
  onChange,
  max,
  errorFor,
  listError,
}: {
  legend: string;
  links: string[];
  onChange: (links: string[]) => void;
  max: number;
  /** Translated error of link i, if any. */
  errorFor: (index: number) => string | undefined;
  listError?: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack component="fieldset" spacing={1.5} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 1, fontWeight: 600 }}>
        {legend}
      </Typography>
      {links.map((link, index) => (
        <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextInput
            label={t('links.label', { n: index + 1 })}
            type="url"
            placeholder="https://"
            value={link}
            onChange={(e) => onChange(links.map((l, i) => (i === index ? e.target.value : l)))}
            error={Boolean(errorFor(index))}
            helperText={errorFor(index)}
            fullWidth
          />
          <IconButton
            aria-label={t('links.remove', { n: index + 1 })}
            onClick={() => onChange(links.filter((_, i) => i !== index))}
            sx={{ mt: 1 }}
          >
            <DeleteIcon />
          </IconButton>
        </Stack>
      ))}
      {listError ? (
        <Typography color="error" variant="body2" role="alert">
          {listError}
        </Typography>
      ) : null}
      <div>
        <Button
          startIcon={<AddIcon />}
          onClick={() => onChange([...links, ''])}
          disabled={links.length >= max}
        >
          {links.length >= max ? t('links.max', { max }) : t('links.add')}
        </Button>
      </div>
    </Stack>
  );
}

/**
 * The links field of a `useZodForm` form (`<Controller>` on `name`): a link's error is the one of
 * `<name>.<index>`, the list's that of `name`; `onEdit` runs after each change.
 */
export function FormLinksField<T extends FieldValues>({
  form,
  name,
  legend,
  max,
  onEdit,
}: {
  form: { control: Control<T, unknown, unknown>; message(name: Path<T>): string | undefined };
  name: Path<T>;
  legend: string;
  max: number;
  onEdit?: () => void;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <LinksField
          legend={legend}
          links={field.value as string[]}
          max={max}
          onChange={(next) => {
            field.onChange(next);
            onEdit?.();
          }}
          errorFor={(i) => form.message(`${name}.${i}` as Path<T>)}
          listError={form.message(name)}
        />
      )}
    />
  );
}

/**
 * The non-empty links to send, and a function moving field errors (`links.k` of the sent list)
 * back to the index of the field on screen.
 */
export function compactLinks(links: string[], field = 'links') {
  const kept = links.flatMap((value, index) =>
    value.trim() ? [{ value: value.trim(), index }] : [],
  );
  const remap = (errors: Record<string, string>): Record<string, string> =>
    Object.fromEntries(
      Object.entries(errors).map(([key, message]) => {
        const match = new RegExp(`^${field}\\.(\\d+)$`).exec(key);
        const onScreen = match ? kept[Number(match[1])]?.index : undefined;
        return [onScreen === undefined ? key : `${field}.${onScreen}`, message];
      }),
    );
  return { values: kept.map((k) => k.value), remap };
}
