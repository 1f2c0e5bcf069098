import { useTranslation } from '../../i18n/useTranslation.tsx';
import { Link as RouterLink } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { TextInput } from '../../components/TextInput.tsx';
import { limits } from '@atelier/shared';
import { authApi } from '../../api/auth.ts';
import { queryKeys } from '../../api/keys.ts';
import { EmailField, PasswordField } from '../../components/FormFields.tsx';
import css from '../../components/formFooter.module.css';
import { Page } from '../../components/Page.tsx';
import { useZodForm } from '../../components/useZodForm.ts';
import { ZodFormCard } from '../../components/ZodFormCard.tsx';
import { currentLanguage } from '../../i18n/index.ts';

/** Zod loads after the first screen (useZodForm). */
const loadSchema = () => import('../../components/formSchemas.ts').then((m) => m.registerSchema);

export function RegisterForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(loadSchema, { username: '', email: '', password: '' });
  const submit = form.submit(async (values) => {
    await authApi.register({ ...values, language: currentLanguage() });
    // Registered and signed in, not verified: /api/me now says so and the page shows the next step.
    await queryClient.invalidateQueries({ queryKey: queryKeys.me });
  });

  return (
    <Page title={t('register.title')} intro={t('register.intro')} narrow>
      <ZodFormCard
        form={form}
        onSubmit={submit}
        submitLabel={t('register.submit')}
        footer={
          <p className={css.body2}>
            {t('register.haveAccount')}{' '}
            <RouterLink className={css.link} to="/login">
              {t('register.loginLink')}
            </RouterLink>
          </p>
        }
      >
        <TextInput
          label={t('fields.username')}
          autoComplete="username"
          {...form.field(
            'username',
            t('register.usernameHint', { min: limits.usernameMin, max: limits.usernameMax }),
          )}
        />
        <EmailField {...form.field('email')} />
        <PasswordField
          autoComplete="new-password"
          {...form.field('password', t('register.passwordHint', { min: limits.passwordMin }))}
        />
      </ZodFormCard>
    </Page>
  );
}
