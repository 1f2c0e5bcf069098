/** A card holding a form: noValidate (our own messages, in the current language), spaced fields. */
import type { ReactNode, SyntheticEvent } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';

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
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <form noValidate onSubmit={onSubmit} aria-label={label}>
          <Stack spacing={2.5}>{children}</Stack>
        </form>
      </CardContent>
    </Card>
  );
}
