/**
 * A form of `useZodForm` in a card (`FormCard`): what the last submit got wrong that is not about
 * a field above the fields (`FormError`), the submit button below them, disabled while it runs.
 */
import type { ReactNode, SyntheticEvent } from 'react';
import Button from '@mui/material/Button';
import { FormCard } from './FormCard.tsx';
import { FormError } from './FormError.tsx';

export function ZodFormCard({
  form,
  onSubmit,
  submitLabel,
  secondary = false,
  status,
  children,
  footer,
}: {
  form: { error: unknown; pending: boolean };
  onSubmit: (event: SyntheticEvent<HTMLFormElement>) => void;
  submitLabel: string;
  /** An outlined, normal-sized button (the page's main action is elsewhere). */
  secondary?: boolean;
  /** Shown above the form's error (an intro, a success message). */
  status?: ReactNode;
  /** The fields. */
  children: ReactNode;
  /** Shown below the submit button (links to other pages). */
  footer?: ReactNode;
}) {
  return (
    <FormCard onSubmit={onSubmit}>
      {status}
      <FormError error={form.error} />
      {children}
      <Button
        type="submit"
        variant={secondary ? 'outlined' : 'contained'}
        size={secondary ? 'medium' : 'large'}
        disabled={form.pending}
      >
        {submitLabel}
      </Button>
      {footer}
    </FormCard>
  );
}
