import { useTranslation } from '../../i18n/useTranslation.tsx';
import { Link as RouterLink } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../api/auth.ts';
import { queryKeys } from '../../api/keys.ts';
import { EmailField, PasswordField } from '../../components/FormFields.tsx';
import { Page } from '../../components/Page.tsx';
import { useZodForm } from '../../components/useZodForm.ts';
import { ZodFormCard } from '../../components/ZodFormCard.tsx';
import css from '../../components/formFooter.module.css';

/** Zod loads after the first screen (useZodForm). */
const loadSchema = () => import('../../components/formSchemas.ts').then((m) => m.signInSchema);

export default function LoginPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(loadSchema, { email: '', password: '' });
  const submit = form.submit(async ({ email, password }) => {
    await authApi.signIn(email, password);
    // The guard then sends the person where their state allows (/, /application, /register…).
    await queryClient.invalidateQueries({ queryKey: queryKeys.me });
  });

  return (
    <Page title={t('login.title')} intro={t('login.intro')} narrow>
      <ZodFormCard
        form={form}
        onSubmit={submit}
        submitLabel={t('login.submit')}
        footer={
          <div className={css.footer}>
            <p className={css.body2}>
              {t('login.noAccount')}{' '}
              <RouterLink className={css.link} to="/register">
                {t('login.registerLink')}
              </RouterLink>
            </p>
            <RouterLink className={`${css.link} ${css.body2}`} to="/reset-password">
              {t('login.forgot')}
            </RouterLink>
          </div>
        }
      >
        <EmailField {...form.field('email')} />
        <PasswordField {...form.field('password')} />
      </ZodFormCard>
    </Page>
  );
}
