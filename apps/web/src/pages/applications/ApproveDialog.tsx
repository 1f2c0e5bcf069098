/**
 * Approve an application with a granted role (member or probation-X; default from the request),
 * validated by the shared schema (useZodForm).
 */
import { useTranslation } from '../../i18n/useTranslation.tsx';
import {
  approveApplicationSchema,
  grantableRoles,
  probationRoleFor,
  roles,
  type Application,
  type GrantableRole,
} from '@atelier/shared';
import { FormDialog } from '../../components/FormDialog.tsx';
import { SelectField } from '../../components/SelectField.tsx';
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
    <FormDialog
      id="approve"
      title={t('applications.approveTitle', { username: application.applicant.username })}
      description={t('applications.approveText')}
      form={form}
      onSubmit={({ grantedRole }) => onSubmit(grantedRole)}
      onClose={onClose}
      confirmText={t('applications.approve')}
      confirmColor="success"
      maxWidth="xs"
    >
      <SelectField
        control={form.control}
        name="grantedRole"
        label={t('applications.grantedRole')}
        options={grantableRoles.map((id) => ({
          value: id,
          label: t(`roles.${roles[id].name}`),
          color: roles[id].color,
        }))}
        message={form.message('grantedRole')}
      />
    </FormDialog>
  );
}
