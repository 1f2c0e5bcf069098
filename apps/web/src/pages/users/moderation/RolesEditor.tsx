/**
 * The roles editor of the moderator panel: one checkbox per role a moderator may give
 * (`editableRoles`), a "Promote to advanced-X" button per probation role held, Save (checked
 * against the shared rules first, so a bad set shows its error without a request), and "Reset
 * displayed role". Pending, rejected and banned are not editable here.
 */
import { useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.tsx';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  advancedRoleOf,
  editableRoles,
  isEditableRole,
  probationTypesOf,
  promotedRoles,
  roles as roleTable,
  rolesProblem,
  sortRoles,
  type EditableRole,
  type RoleId,
} from '@atelier/shared';
import { translateError } from '../../../components/errors.ts';
import { RoleLabel } from '../../../components/RoleLabel.tsx';

export interface RolesEditorProps {
  /** The user's current roles (all of them). */
  roles: RoleId[];
  displayedRole: RoleId;
  /** True on one's own profile: the moderator role cannot be unchecked. */
  self: boolean;
  pending: boolean;
  /** Server error code of the last attempt, if any. */
  error: string | null;
  onSave: (roles: EditableRole[]) => void;
  onResetDisplayed: () => void;
}

export function RolesEditor({
  roles,
  displayedRole,
  self,
  pending,
  error,
  onSave,
  onResetDisplayed,
}: RolesEditorProps) {
  const { t } = useTranslation();
  const current = roles.filter(isEditableRole);
  const [checked, setChecked] = useState<EditableRole[]>(current);
  const [problem, setProblem] = useState<string | null>(null);
  const [seen, setSeen] = useState(roles.join());
  // The profile changed (saved here, or live): start again from the new roles.
  if (seen !== roles.join()) {
    setSeen(roles.join());
    setChecked(current);
    setProblem(null);
  }

  const toggle = (role: EditableRole, on: boolean) => {
    setProblem(null);
    setChecked((prev) => sortRoles(on ? [...prev, role] : prev.filter((r) => r !== role)));
  };
  const save = (next: EditableRole[]) => {
    const found = rolesProblem(next);
    if (found) {
      setProblem(found);
      return;
    }
    if (sortRoles(next).join() === sortRoles(current).join()) {
      setProblem('moderation.roles.unchanged');
      return;
    }
    onSave(sortRoles(next));
  };
  const shown = problem ?? error;
  const message =
    shown === 'moderation.roles.unchanged' ? t(shown) : shown ? translateError(t, shown) : null;
  const defaultDisplayed = roles.includes('banned') ? 'banned' : roles[0];

  return (
    <Stack spacing={2}>
      {probationTypesOf(current).map((type) => (
        <Button
          key={type}
          variant="contained"
          color="secondary"
          disabled={pending}
          onClick={() => save(promotedRoles(current, type))}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('moderation.roles.promote', {
            role: t(`roles.${roleTable[advancedRoleOf[type]].name}`),
          })}
        </Button>
      ))}
      <FormControl component="fieldset" error={Boolean(message)} variant="standard">
        <FormLabel component="legend">{t('moderation.roles.legend')}</FormLabel>
        <FormGroup
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}
        >
          {editableRoles.map((role) => (
            <FormControlLabel
              key={role}
              control={
                <Checkbox
                  checked={checked.includes(role)}
                  onChange={(e) => toggle(role, e.target.checked)}
                  disabled={
                    pending || (self && role === 'moderator' && current.includes('moderator'))
                  }
                />
              }
              label={<RoleLabel role={role} />}
            />
          ))}
        </FormGroup>
        <FormHelperText role={message ? 'alert' : undefined}>
          {message ?? t('moderation.roles.hint')}
        </FormHelperText>
      </FormControl>
      <Button
        variant="outlined"
        disabled={pending}
        onClick={() => save(checked)}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('moderation.roles.save')}
      </Button>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <Typography variant="body2" component="span">
          {t('moderation.roles.displayed')} <RoleLabel role={displayedRole} />
        </Typography>
        <Button
          size="small"
          disabled={pending || displayedRole === defaultDisplayed}
          onClick={onResetDisplayed}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('moderation.roles.reset')}
        </Button>
      </Stack>
      {self && current.includes('moderator') ? (
        <Alert severity="info">{t('moderation.roles.ownModerator')}</Alert>
      ) : null}
    </Stack>
  );
}
