/**
 * The application as a form of `useZodForm`: the shared schema's errors before any request; link
 * fields may stay empty, and a link's error — found here or by the server, which numbers the links
 * it received — shows on the field where that link stands.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { fieldErrors, json, renderWithApp, sentBody } from '../../test/forms.tsx';
import { ApplicationForm } from './ApplicationForm.tsx';

/** Fills the form, leaving link 1 empty; returns the user and link 2's field. */
async function fill() {
  const { user } = renderWithApp(<ApplicationForm previous={null} />);
  await user.click(screen.getByRole('radio', { name: 'Writer' }));
  await user.type(screen.getByRole('textbox', { name: 'About you' }), 'I write fiction.');
  await user.type(
    screen.getByRole('textbox', { name: 'Why do you want to join?' }),
    'For feedback.',
  );
  await user.click(screen.getByRole('button', { name: 'Add a link' }));
  return { user, link: screen.getByRole('textbox', { name: 'Link 2' }) };
}

describe('ApplicationForm', { timeout: 60_000 }, () => {
  it('says what is missing before sending anything', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const { user } = renderWithApp(<ApplicationForm previous={null} />);
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(3);
    expect(screen.getByRole('textbox', { name: 'About you' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows a bad link on its own field, and sends the links without the empty ones', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ id: 'a1' }, 201));
    const { user, link } = await fill();
    await user.type(link, 'not a link');
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(
      await screen.findByText('Enter a full web address starting with http:// or https://.'),
    ).toBeInTheDocument();
    expect(link).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Link 1' })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(fetch).not.toHaveBeenCalled();

    await user.clear(link);
    await user.type(link, ' https://example.org/me ');
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(sentBody(fetch, '/api/applications')).toEqual({
      requestedType: 'writer',
      aboutYou: 'I write fiction.',
      whyJoin: 'For feedback.',
      links: ['https://example.org/me'],
    });
    expect(
      await screen.findByText('Application sent. A moderator will review it soon.'),
    ).toBeInTheDocument();
  });

  it('puts the server’s error on the first link sent on the field where it stands', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      fieldErrors({ 'links.0': 'errors.urlInvalid' }),
    );
    const { user, link } = await fill();
    await user.type(link, 'https://example.org/me');
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    await waitFor(() => expect(link).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByRole('textbox', { name: 'Link 1' })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });
});
