/**
 * useZodForm with a schema loader (Zod after the first screen): the form shows before the schema
 * is there, checks with it once loaded, and a schema that failed to load (offline) is shown as the
 * form's error and loaded again on the next submit. With `loadOn: 'focus'` nothing loads until
 * the form is focused.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { FormError } from './FormError.tsx';
import { useZodForm } from './useZodForm.ts';

const schema = z.object({ name: z.string().min(1, { error: 'errors.required' }) });

function NameForm({
  load,
  send,
  loadOn,
}: {
  load: () => Promise<typeof schema>;
  send: () => void;
  loadOn?: 'idle' | 'focus';
}) {
  const form = useZodForm(load, { name: '' }, { mode: 'onChange', loadOn });
  return (
    <form
      onSubmit={form.submit(() => Promise.resolve(send()))}
      onFocus={loadOn === 'focus' ? form.prepare : undefined}
      noValidate
    >
      <label htmlFor="name">Name</label>
      <input id="name" {...form.register('name')} />
      <span>{form.message('name')}</span>
      <FormError error={form.error} />
      <button type="submit">Send</button>
    </form>
  );
}

describe('useZodForm with a schema loader', () => {
  it('checks with the loaded schema, and loads it again after a failed load', async () => {
    const user = userEvent.setup();
    const send = vi.fn();
    const offline = new TypeError('Failed to fetch dynamically imported module');
    // Offline for the load the form starts as it mounts, and for the first submit's.
    const load = vi
      .fn<() => Promise<typeof schema>>()
      .mockRejectedValueOnce(offline)
      .mockRejectedValueOnce(offline)
      .mockResolvedValue(schema);
    render(<NameForm load={load} send={send} />);
    expect(screen.getByLabelText('Name')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/connection|network/i);
    expect(send).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Name'), 'Ana');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
  });

  it("with loadOn 'focus', loads the schema only once the form is focused", async () => {
    const user = userEvent.setup();
    const send = vi.fn();
    const load = vi.fn(() => Promise.resolve(schema));
    render(<NameForm load={load} send={send} loadOn="focus" />);
    // Mounted, idle and checked on mount (onChange mode): nothing loaded.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(load).not.toHaveBeenCalled();
    await user.click(screen.getByLabelText('Name'));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await user.type(screen.getByLabelText('Name'), 'Ana');
    await user.clear(screen.getByLabelText('Name'));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'Ana');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(load).toHaveBeenCalledTimes(1);
  });
});
