/**
 * The profile as a form of `useZodForm`: the schema takes what differs from the account and checks
 * it with the shared schema before any request; only the changes are sent; the server's field
 * errors land on their fields, a link's on the field where it stands on screen.
 */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { currentUser } from '../../test/fixtures.ts';
import {
  fieldErrors,
  fillAndSubmit,
  json,
  renderForm,
  requests,
  sentBody,
  stubFetch,
} from '../../test/forms.tsx';
import { ProfileSection } from './ProfileSection.tsx';

const open = (user = currentUser()) =>
  renderForm(<ProfileSection user={user} />, {
    labels: { username: 'Username', bio: 'Bio', link1: 'Link 1' },
    submit: 'Save',
  });

describe('ProfileSection', { timeout: 30_000 }, () => {
  it('sends nothing when nothing changed', async () => {
    const fetch = stubFetch(() => json({}));
    await fillAndSubmit(open(currentUser({ links: ['https://ada.example'] })), {});
    expect(await screen.findByText('Nothing has changed.')).toBeInTheDocument();
    expect(requests(fetch)).toEqual([]);
  });

  it('sends only the changes', async () => {
    const fetch = stubFetch(() => json(currentUser({ bio: 'I paint.' })));
    await fillAndSubmit(open(), { bio: 'I paint.' });
    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
    expect(sentBody(fetch, '/api/me')).toEqual({ bio: 'I paint.' });
  });

  it("puts a link's server error on the field where it stands on screen", async () => {
    const fetch = stubFetch(() => fieldErrors({ 'links.0': 'errors.urlInvalid' }));
    const { user, fields, submit } = open();
    await user.click(screen.getByRole('button', { name: 'Add a link' }));
    await user.type(screen.getByLabelText('Link 2'), 'https://ada.example');
    await user.click(submit);
    await screen.findByText('Enter a full web address starting with http:// or https://.');
    expect(screen.getByLabelText('Link 2')).toHaveAttribute('aria-invalid', 'true');
    expect(fields.link1).not.toHaveAttribute('aria-invalid', 'true');
    expect(sentBody(fetch, '/api/me')).toEqual({ links: ['https://ada.example'] });
  });
});
