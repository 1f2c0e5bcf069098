/**
 * Removing reported content: a reason from the list (the post's author sees it in the removal
 * notification), or `other` with a text. Validated with the shared schema (useZodForm); server
 * field errors show next to the fields.
 */
import { useTranslation } from '../../i18n/useTranslation.tsx';
import {
  removalSchema,
  type RemovalInput,
  type ReportReason,
  type RemovableTargetType,
} from '@atelier/shared';
import { FormDialog } from '../../components/FormDialog.tsx';
import { ReasonFields } from '../../components/report/ReasonFields.tsx';
import { useZodForm } from '../../components/useZodForm.ts';

export function RemoveDialog({
  targetType,
  initialReason,
  onSubmit,
  onClose,
}: {
  targetType: RemovableTargetType;
  /** The reason most reporters gave, preselected. */
  initialReason: ReportReason | null;
  onSubmit: (input: RemovalInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useZodForm(removalSchema, {
    reason: initialReason ?? ('' as ReportReason),
    otherReason: '',
  });

  return (
    <FormDialog
      id="remove-dialog"
      title={t(`reports.remove.title.${targetType}`)}
      description={t(`reports.remove.text.${targetType}`)}
      form={form}
      onSubmit={onSubmit}
      onClose={onClose}
      confirmText={t('reports.remove.confirm')}
      confirmColor="error"
    >
      <ReasonFields
        form={form}
        labelId="remove-dialog-reasons"
        label={t('reports.remove.reason')}
        otherLabel={t('reports.remove.otherReason')}
      />
    </FormDialog>
  );
}
