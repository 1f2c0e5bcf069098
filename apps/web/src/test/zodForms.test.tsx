/**
 * The two checks every form on `useZodForm` passes (`itChecksItsFields`), one row per form: input
 * the shared schema refuses shows the translated field errors and sends nothing; the server's
 * field errors land on the fields on screen. What else each form does is tested beside it.
 */
import { describe } from 'vitest';
import { Route, Routes } from 'react-router';
import { ProfileSection } from '../pages/account/ProfileSection.tsx';
import { ResetPassword } from '../pages/auth/ResetPassword.tsx';
import { VerifyEmail } from '../pages/auth/VerifyEmail.tsx';
import LoginPage from '../pages/login/LoginPage.tsx';
import ResetPasswordPage from '../pages/reset-password/ResetPasswordPage.tsx';
import { currentUser } from './fixtures.ts';
import { itChecksItsFields, renderForm } from './forms.tsx';

const invalidEmail = 'Enter a valid e-mail address.';
const emailRefused = {
  values: { email: 'ana@example.com' },
  answer: { email: 'errors.emailInvalid' },
  errors: { email: invalidEmail },
};

describe('sign-in', { timeout: 30_000 }, () => {
  itChecksItsFields(
    () =>
      renderForm(<LoginPage />, {
        labels: { email: 'E-mail', password: 'Password' },
        submit: 'Log in',
      }),
    {
      invalid: {
        values: { email: 'not-an-address' },
        errors: { email: invalidEmail, password: 'This field is required.' },
      },
      server: {
        ...emailRefused,
        values: { email: 'ana@example.com', password: 'correct horse battery staple' },
      },
    },
  );
});

describe('new password', { timeout: 30_000 }, () => {
  itChecksItsFields(
    () =>
      renderForm(
        <Routes>
          <Route path="/auth" element={<ResetPassword token="tok-1" />} />
        </Routes>,
        { path: '/auth', labels: { password: 'New password' }, submit: 'Save the new password' },
      ),
    {
      invalid: {
        values: { password: 'short' },
        errors: { password: 'The password must have at least 10 characters.' },
      },
      // Better Auth names the field newPassword.
      server: {
        values: { password: 'password1234' },
        answer: { newPassword: 'errors.passwordCommon' },
        errors: { password: 'This password is too common. Choose another one.' },
      },
    },
  );
});

describe('reset link request', { timeout: 30_000 }, () => {
  itChecksItsFields(
    () =>
      renderForm(<ResetPasswordPage />, { labels: { email: 'E-mail' }, submit: 'Send the link' }),
    { invalid: { values: {}, errors: { email: invalidEmail } }, server: emailRefused },
  );
});

describe('verification resend', { timeout: 30_000 }, () => {
  itChecksItsFields(
    () =>
      renderForm(<VerifyEmail token="" />, {
        labels: { email: 'E-mail' },
        submit: 'Resend e-mail',
      }),
    {
      invalid: { values: { email: 'ana@' }, errors: { email: invalidEmail } },
      server: emailRefused,
    },
  );
});

describe('profile', { timeout: 30_000 }, () => {
  itChecksItsFields(
    () =>
      renderForm(<ProfileSection user={currentUser()} />, {
        labels: { username: 'Username', link1: 'Link 1' },
        submit: 'Save',
      }),
    {
      invalid: {
        values: { username: 'a', link1: 'not a link' },
        errors: {
          username: 'The username must have 3 to 24 characters.',
          link1: 'Enter a full web address starting with http:// or https://.',
        },
      },
      server: {
        values: { username: 'Ada Lovelace' },
        answer: { username: 'errors.usernameTaken' },
        errors: { username: 'This username is already taken.' },
      },
    },
  );
});
