import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { changePasswordSchema, limits } from '@atelier/shared';
import { authApi } from '../../api/auth.ts';
import { useSnackbar } from '../../app/feedback/context.ts';
import { FormError } from '../../components/FormError.tsx';
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
  const field = (name: 'currentPassword' | 'newPassword') => {
    const { ref, ...rest } = form.register(name);
    return { ...rest, inputRef: ref, error: Boolean(form.message(name)) };
  };

  return (
    <Section id="account-password" title={t('account.passwordTitle')}>
      <form noValidate onSubmit={submit}>
        <Stack spacing={2.5}>
          <FormError error={form.error} />
          <TextField
            label={t('fields.currentPassword')}
            type="password"
            autoComplete="current-password"
            helperText={form.message('currentPassword')}
            {...field('currentPassword')}
          />
          <TextField
            label={t('fields.newPassword')}
            type="password"
            autoComplete="new-password"
            helperText={
              form.message('newPassword') ?? t('register.passwordHint', { min: limits.passwordMin })
            }
            {...field('newPassword')}
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
