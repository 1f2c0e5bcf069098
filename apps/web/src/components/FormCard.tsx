/**
 * A card holding a form: noValidate (our own messages, in the current language), spaced fields.
 * MUI's outlined Card, CardContent and Stack (spacing 2.5), as plain elements (Page.module.css,
 * as CardPage draws them).
 */
import type { CSSProperties, ReactNode, SyntheticEvent } from 'react';
import css from './Page.module.css';

const fieldSpacing = { '--stack-spacing': '20px' } as CSSProperties;

export function FormCard({
  onSubmit,
  children,
  label,
}: {
  onSubmit: (event: SyntheticEvent<HTMLFormElement>) => void;
  children: ReactNode;
  label?: string;
}) {
  return (
    <div className={css.card}>
      <form noValidate onSubmit={onSubmit} aria-label={label}>
        <div className={css.cardStack} style={fieldSpacing}>
          {children}
        </div>
      </form>
    </div>
  );
}
