/**
 * Moderator notes: adding one is a form of `useZodForm` (an empty note is refused before any
 * request; the note is sent trimmed; the field empties and the list shows it).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ModeratorNote } from '@atelier/shared';
import { ConfirmProvider } from '../../app/feedback/ConfirmProvider.tsx';
import { SnackbarProvider } from '../../app/feedback/SnackbarProvider.tsx';
import { NotesPanel } from './NotesPanel.tsx';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SnackbarProvider>
        <ConfirmProvider>
          <NotesPanel userId="u1" />
        </ConfirmProvider>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('NotesPanel', () => {
  it('refuses an empty note, then adds one and shows it', async () => {
    const notes: ModeratorNote[] = [];
    const posted: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      if (init?.method === 'POST') {
        posted.push(JSON.parse(init.body as string));
        const note: ModeratorNote = {
          id: 'n1',
          subjectId: 'u1',
          author: { id: 'm1', username: 'modmin', displayedRole: 'moderator' },
          body: 'Warned about reposts',
          createdAt: new Date().toISOString(),
        };
        notes.push(note);
        return Promise.resolve(json(note, 201));
      }
      expect(input).toMatch(/\/api\/users\/u1\/notes$/);
      return Promise.resolve(json(notes));
    });
    renderPanel();
    expect(await screen.findByText('No notes yet.')).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'New note' });
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(posted).toEqual([]);

    await userEvent.type(field, '  Warned about reposts ');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Warned about reposts')).toBeInTheDocument();
    expect(posted).toEqual([{ body: 'Warned about reposts' }]);
    expect(field).toHaveValue('');
    expect(await screen.findByText('Note added.')).toBeInTheDocument();
  });
});
