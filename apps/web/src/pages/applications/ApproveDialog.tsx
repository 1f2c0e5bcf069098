/**
 * Approve an application with a granted role (member or probation-X; default from the request),
 * validated by the shared schema (useZodForm).
 */
import { Controller } from 'react-hook-form';
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
  approveApplicationSchema,
  grantableRoles,
  probationRoleFor,
  roles,
  type Application,
  type GrantableRole,
} from '@atelier/shared';
import { FormError } from '../../components/FormError.tsx';
import { useZodForm } from '../../components/useZodForm.ts';

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
  const form = useZodForm(approveApplicationSchema, {
    grantedRole: probationRoleFor(application.requestedType),
  });

  return (
    <Dialog
      open
      onClose={form.pending ? undefined : onClose}
      aria-labelledby="approve-title"
      fullWidth
      maxWidth="xs"
    >
      <form
        noValidate
        onSubmit={form.submit(async ({ grantedRole }) => {
          await onSubmit(grantedRole);
          onClose();
        })}
      >
        <DialogTitle id="approve-title">
          {t('applications.approveTitle', { username: application.applicant.username })}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>{t('applications.approveText')}</DialogContentText>
            <FormError error={form.error} />
            <FormControl fullWidth>
              <InputLabel id="granted-role-label">{t('applications.grantedRole')}</InputLabel>
              <Controller
                control={form.control}
                name="grantedRole"
                render={({ field }) => (
                  <Select
                    labelId="granted-role-label"
                    label={t('applications.grantedRole')}
                    name={field.name}
                    value={field.value}
                    onChange={(e) => field.onChange(e.target.value)}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                  >
                    {grantableRoles.map((id) => (
                      <MenuItem key={id} value={id} sx={{ color: roles[id].color }}>
                        {t(`roles.${roles[id].name}`)}
                      </MenuItem>
                    ))}
                  </Select>
                )}
              />
            </FormControl>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={form.pending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="success" disabled={form.pending}>
            {t('applications.approve')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
