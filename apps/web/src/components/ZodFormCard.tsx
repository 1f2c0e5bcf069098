/**
 * A form of `useZodForm` in a card (`FormCard`): what the last submit got wrong that is not about
 * a field above the fields (`FormError`), the submit button below them, disabled while it runs
 * (MUI's large contained Button, or its medium outlined one, as plain elements).
 */
import type { ReactNode, SyntheticEvent } from 'react';
import shell from '../app/shell/shell.module.css';
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
      <button
        type="submit"
        className={secondary ? shell.outlinedMedium : shell.containedLarge}
        disabled={form.pending}
      >
        {submitLabel}
      </button>
      {footer}
    </FormCard>
  );
}
