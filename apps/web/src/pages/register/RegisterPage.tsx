/**
 * /register: the form, then — once signed in but not verified (right after registering, or when
 * such a user comes back) — the "Check your e-mail" step with a resend button.
 */
import { useMe } from '../../api/me.ts';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { CheckEmail } from './CheckEmail.tsx';
import { RegisterForm } from './RegisterForm.tsx';

export default function RegisterPage() {
  const me = useMe();
  if (me.data === undefined) return <PageSpinner />;
  if (me.data && !me.data.emailVerified) return <CheckEmail email={me.data.email} />;
  return <RegisterForm />;
}
