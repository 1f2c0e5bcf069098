import { useTranslation } from '../../i18n/useTranslation.tsx';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { changePasswordSchema, limits } from '@atelier/shared';
import { authApi } from '../../api/auth.ts';
import { useSnackbar } from '../../app/feedback/context.ts';
import { FormError } from '../../components/FormError.tsx';
import { PasswordField } from '../../components/FormFields.tsx';
import { useZodForm } from '../../components/useZodForm.ts';
import { Section } from './Section.tsx';

/** Better Auth answers a wrong current password with INVALID_PASSWORD: show it on that field. */
const wrongCurrent = 'errors.auth.INVALID_PASSWORD';

export function PasswordSection() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const form = useZodForm(
    changePasswordSchema,
    { currentPassword: '', newPassword: '' },
    { codeFields: { [wrongCurrent]: 'currentPassword' } },
  );
  const submit = form.submit(async ({ currentPassword, newPassword }) => {
    await authApi.changePassword(currentPassword, newPassword);
    form.reset();
    snackbar({ message: t('account.passwordChanged'), color: 'success' });
  });

  return (
    <Section id="account-password" title={t('account.passwordTitle')}>
      <form noValidate onSubmit={submit}>
        <Stack spacing={2.5}>
          <FormError error={form.error} />
          <PasswordField label={t('fields.currentPassword')} {...form.field('currentPassword')} />
          <PasswordField
            label={t('fields.newPassword')}
            autoComplete="new-password"
            {...form.field('newPassword', t('register.passwordHint', { min: limits.passwordMin }))}
          />
          <div>
            <Button type="submit" variant="contained" disabled={form.pending}>
              {t('account.changePassword')}
            </Button>
          </div>
        </Stack>
      </form>
    </Section>
  );
}
