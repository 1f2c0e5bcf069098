/** A role's name in its colour; no-access roles except pending are struck through (seed rule). */
import { useTranslation } from '../i18n/useTranslation.tsx';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { roleLineThrough, roles, type RoleId } from '@atelier/shared';

export function RoleLabel({
  role,
  variant = 'body2',
}: {
  role: RoleId;
  variant?: TypographyProps['variant'];
}) {
  const { t } = useTranslation();
  const def = roles[role];
  return (
    <Typography
      component="span"
      variant={variant}
      data-role={role}
      sx={{
        color: def.color,
        textDecoration: roleLineThrough(role) ? 'line-through' : 'none',
        fontWeight: 500,
      }}
    >
      {t(`roles.${def.name}`)}
    </Typography>
  );
}
