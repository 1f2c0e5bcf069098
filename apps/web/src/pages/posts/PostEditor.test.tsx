/**
 * The post editor: the shared schema's rules before anything is sent, the server's field errors
 * and the probation limit shown clearly, files checked for size in the browser, and the draft
 * kept in localStorage across a reload until it is discarded.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CurrentUser, Section, Tag } from '@atelier/shared';
import { SnackbarContext } from '../../app/feedback/context.ts';
import { queryKeys } from '../../api/keys.ts';
import { tagKeys } from '../../api/tags.ts';
import { draftKey } from './draft.ts';
import { describedBy } from '../../test/forms.tsx';
import { PostEditor } from './PostEditor.tsx';

const names = (en: string) => ({ en, ko: en, fr: en, es: en });
const sections: Section[] = [
  {
    slug: 'writing',
    type: 'writer',
    name: names('Writing'),
    description: names(''),
    order: 1,
    postCount: 0,
  },
  {
    slug: 'fakes',
    type: 'faker',
    name: names('Fakes'),
    description: names(''),
    order: 0,
    postCount: 0,
  },
  {
    slug: 'general',
    type: 'open',
    name: names('General'),
    description: names(''),
    order: 2,
    postCount: 0,
  },
];
const tags: Tag[] = [
  {
    id: '7b0c1c3e-8f0a-4d5e-9a47-1f1c2b3d4e5f',
    labels: { en: 'Poetry' },
    type: 'general',
    parents: [],
    postCount: 0,
  },
];

const me = {
  id: 'u1',
  username: 'ada',
  roles: ['probation-writer'],
  displayedRole: 'probation-writer',
  isModerator: false,
  hasAccess: true,
  isBanned: false,
} as unknown as CurrentUser;

function renderEditor(section = 'writing') {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(queryKeys.sections, sections);
  client.setQueryData(tagKeys.all, tags);
  return render(
    <QueryClientProvider client={client}>
      <SnackbarContext value={{ show: () => undefined }}>
        <MemoryRouter>
          <PostEditor target={{ kind: 'new', section }} me={me} />
        </MemoryRouter>
      </SnackbarContext>
    </QueryClientProvider>,
  );
}

/** Puts text in a field at once (typing a whole post key by key is slow in jsdom). */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('PostEditor', () => {
  it('offers only the sections the user may post in', async () => {
    renderEditor();
    await userEvent.setup().click(screen.getByRole('combobox', { name: /Section/ }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Writing', 'General']);
  });

  it('checks the fields with the shared rules and sends nothing when they fail', async () => {
    // The editor lists the author's series on its own (series/credits field).
    const fetch = vi.fn((url: string) =>
      Promise.resolve(url === '/api/series/mine' ? jsonResponse(200, []) : jsonResponse(500, {})),
    );
    vi.stubGlobal('fetch', fetch);
    renderEditor();
    const user = userEvent.setup();
    await fill(user, screen.getByLabelText(/^Title/), 'x'.repeat(201));
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    // The check may load its schema first (slow on a busy machine): wait for it.
    await waitFor(() =>
      expect(describedBy(screen.getByLabelText(/^Title/))).toContain(
        'The title can be at most 200 characters.',
      ),
    );
    expect(screen.getByText('This field is required.')).toBeVisible(); // provenance
    expect(fetch.mock.calls.filter(([url]) => url !== '/api/series/mine')).toEqual([]);
    // The first field to fix gets the focus.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Title/)));
  });

  it("shows the server's field errors next to the fields, and the probation limit clearly", async () => {
    const answers = vi
      .fn<(url: string, init?: RequestInit) => Promise<Response>>()
      .mockResolvedValueOnce(
        jsonResponse(400, {
          error: {
            code: 'errors.validation',
            message: 'bad',
            fields: { title: 'errors.titleTooLong' },
          },
        }),
      )
      .mockResolvedValueOnce(
        jsonResponse(403, { error: { code: 'errors.probationLimit', message: 'limit' } }),
      );
    // The author's series (the series/credits field) come from their own request.
    const fetch = vi.fn((url: string, init?: RequestInit) =>
      url === '/api/series/mine' ? Promise.resolve(jsonResponse(200, [])) : answers(url, init),
    );
    vi.stubGlobal('fetch', fetch);
    renderEditor();
    const user = userEvent.setup();
    await fill(user, screen.getByLabelText(/^Title/), 'Harbour');
    await user.click(screen.getByLabelText(/^Human-made/));
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(describedBy(screen.getByLabelText(/^Title/))).toContain(
        'The title can be at most 200 characters.',
      ),
    );
    const [url, init] = answers.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/posts');
    expect(JSON.parse(init.body as string)).toEqual({
      section: 'writing',
      title: 'Harbour',
      body: '',
      provenance: 'human',
      tools: '',
      tags: [],
      media: [],
    });

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'On probation you can post at most 3 times a day',
    );
  });

  it('refuses a file over the limit before uploading, saying its size in MB', () => {
    const send = vi.fn();
    vi.stubGlobal(
      'XMLHttpRequest',
      class {
        upload = {};
        open = vi.fn();
        setRequestHeader = vi.fn();
        send = send;
      },
    );
    renderEditor();
    const big = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 30 * 1024 * 1024 });
    fireEvent.change(screen.getByTestId('media-input'), { target: { files: [big] } });
    expect(
      screen.getByText('huge.png is 30 MB; the limit for this kind of file is 25 MB.'),
    ).toBeVisible();
    expect(send).not.toHaveBeenCalled();
  });

  it('previews the body with the Markdown renderer, loaded with the Preview tab', async () => {
    renderEditor();
    const user = userEvent.setup();
    await fill(user, screen.getByLabelText('Body (Markdown)'), '# Hi\n\n**bold** <b>raw</b> @ana');
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    expect((await screen.findByRole('heading', { name: 'Hi' })).tagName).toBe('H2');
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(screen.getByText(/<b>raw<\/b>/)).toBeVisible();
    expect(screen.getByRole('link', { name: '@ana' })).toHaveAttribute('href', '/u/ana');
  });

  it('keeps a draft across a reload and forgets it when discarded', async () => {
    const first = renderEditor();
    const user = userEvent.setup();
    await fill(user, screen.getByLabelText(/^Title/), 'Unfinished');
    await user.type(screen.getByLabelText('Body (Markdown)'), 'Half a thought');
    await user.click(screen.getByLabelText(/^Fake/));
    await waitFor(
      () =>
        expect(localStorage.getItem(draftKey({ section: 'writing' }))).toContain('Half a thought'),
      { timeout: 15_000 },
    );
    first.unmount();

    renderEditor();
    expect(screen.getByText('Your unsaved draft was restored.')).toBeVisible();
    expect(screen.getByLabelText<HTMLInputElement>(/^Title/).value).toBe('Unfinished');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Body (Markdown)').value).toBe(
      'Half a thought',
    );
    expect(screen.getByLabelText<HTMLInputElement>(/^Fake/).checked).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect(screen.getByLabelText<HTMLInputElement>(/^Title/).value).toBe('');
    expect(localStorage.getItem(draftKey({ section: 'writing' }))).toBeNull();
  });

  it('keeps drafts apart per section', async () => {
    const first = renderEditor('writing');
    await fill(userEvent.setup(), screen.getByLabelText(/^Title/), 'For writing');
    await waitFor(
      () => expect(localStorage.getItem(draftKey({ section: 'writing' }))).not.toBeNull(),
      { timeout: 15_000 },
    );
    first.unmount();
    renderEditor('general');
    expect(screen.getByLabelText<HTMLInputElement>(/^Title/).value).toBe('');
    expect(screen.queryByText('Your unsaved draft was restored.')).not.toBeInTheDocument();
  });
});
