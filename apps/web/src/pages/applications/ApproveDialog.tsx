/** Approve an application with a granted role (member or probation-X; default from the request). */
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import {
  grantableRoles,
  probationRoleFor,
  roles,
  type Application,
  type GrantableRole,
} from '@atelier/shared';
import { FormError } from '../../components/FormError.tsx';

export function ApproveDialog({
  application,
  onSubmit,
  onClose,
}: {
  application: Application;
  onSubmit: (grantedRole: GrantableRole) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [role, setRole] = useState<GrantableRole>(probationRoleFor(application.requestedType));
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await onSubmit(role);
      onClose();
    } catch (err) {
      setError(err);
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      aria-labelledby="approve-title"
      fullWidth
      maxWidth="xs"
    >
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="approve-title">
          {t('applications.approveTitle', { username: application.applicant.username })}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>{t('applications.approveText')}</DialogContentText>
            <FormError error={error} />
            <FormControl fullWidth>
              <InputLabel id="granted-role-label">{t('applications.grantedRole')}</InputLabel>
              <Select
                labelId="granted-role-label"
                label={t('applications.grantedRole')}
                value={role}
                onChange={(e) => setRole(e.target.value)}
              >
                {grantableRoles.map((id) => (
                  <MenuItem key={id} value={id} sx={{ color: roles[id].color }}>
                    {t(`roles.${roles[id].name}`)}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="success" disabled={pending}>
            {t('applications.approve')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
