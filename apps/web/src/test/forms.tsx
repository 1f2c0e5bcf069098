/** What the web tests of forms share: the app's providers around a form, answers, helper texts. */
import type { ReactNode } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from '../app/feedback/SnackbarProvider.tsx';

// Every test of a file that imports these helpers ends with the real fetch back (`stubFetch`).
afterEach(() => vi.restoreAllMocks());

/** A JSON answer of the API. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** The server's refusal of a request for its fields (`fields`: name → translation key). */
export function fieldErrors(fields: Record<string, string>, status = 400): Response {
  const code = Object.values(fields)[0] ?? 'errors.validation';
  return json({ error: { code: 'errors.validation', message: code, fields } }, status);
}

/**
 * Renders `ui` with a fresh query client (no retries), the snackbar and a router at `path`; the
 * `user` types without pauses between keys (a slow machine stays within the test's time).
 */
export function renderWithApp(ui: ReactNode, path = '/') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup({ delay: null });
  const view = render(
    <QueryClientProvider client={client}>
      <SnackbarProvider>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
  return { ...view, user };
}

/** The helper text MUI links to the input with aria-describedby. */
export function describedBy(input: HTMLElement): string {
  const ids = input.getAttribute('aria-describedby') ?? '';
  return ids
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

/** The JSON body of the first request of a fetch spy to `path`. */
export function sentBody(fetch: { mock: { calls: unknown[][] } }, path: string): unknown {
  const call = fetch.mock.calls.find((c) => c[0] === path);
  const init = call?.[1] as { body?: string } | undefined;
  return JSON.parse(init?.body ?? 'null');
}

/**
 * Stubs fetch: `GET /api/session` answers "signed out" (or `user`), every other request `answer`'s
 * response. Returns the spy; `requests(spy)` lists the other requests' paths.
 */
export function stubFetch(answer: () => Response, user: unknown = null) {
  return vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation((input) =>
      Promise.resolve(pathOf(input) === '/api/session' ? json({ user }) : answer()),
    );
}

/** The paths a fetch spy requested, but the session's. */
export function requests(fetch: { mock: { calls: unknown[][] } }): string[] {
  return fetch.mock.calls
    .map((call) => call[0] as string)
    .filter((path) => path !== '/api/session');
}

function pathOf(input: string | URL | Request): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/** A rendered form: its fields found by their labels, its submit button by its name. */
export interface RenderedForm<K extends string> {
  user: ReturnType<typeof userEvent.setup>;
  fields: Record<K, HTMLElement>;
  submit: HTMLElement;
}

/** Renders `ui` (see `renderWithApp`) and finds the fields labelled `labels` and the button `submit`. */
export function renderForm<K extends string>(
  ui: ReactNode,
  { path = '/', labels, submit }: { path?: string; labels: Record<K, string>; submit: string },
): RenderedForm<K> {
  const { user } = renderWithApp(ui, path);
  const fields = Object.fromEntries(
    Object.entries<string>(labels).map(([key, label]) => [key, screen.getByLabelText(label)]),
  ) as Record<K, HTMLElement>;
  return { user, fields, submit: screen.getByRole('button', { name: submit }) };
}

/** Types `values` into their fields (emptied first), then submits. */
export async function fillAndSubmit<K extends string>(
  form: RenderedForm<K>,
  values: Partial<Record<K, string>>,
): Promise<void> {
  for (const [key, value] of Object.entries<string | undefined>(values)) {
    const field = form.fields[key as K];
    await form.user.clear(field);
    if (value) await form.user.type(field, value);
  }
  await form.user.click(form.submit);
}

/**
 * Each field of `errors` shows its message (helper text linked by aria-describedby), invalid —
 * once the form's check has run (it may load its schema first: slow on a busy machine).
 */
export async function expectFieldErrors<K extends string>(
  form: RenderedForm<K>,
  errors: Partial<Record<K, string>>,
): Promise<void> {
  for (const [key, message] of Object.entries<string | undefined>(errors)) {
    const field = form.fields[key as K];
    await waitFor(() => expect(describedBy(field)).toContain(message), { timeout: 10_000 });
    expect(field).toHaveAttribute('aria-invalid', 'true');
  }
}

/**
 * The two checks of every form on `useZodForm`: input the shared schema refuses shows the
 * translated field errors and sends nothing; the server's field errors (`answer`) land on the
 * fields (`errors`, by field on screen), none above them in the form.
 */
export function itChecksItsFields<K extends string>(
  open: () => RenderedForm<K>,
  cases: {
    invalid: { values: Partial<Record<K, string>>; errors: Partial<Record<K, string>> };
    server: {
      values: Partial<Record<K, string>>;
      answer: Record<string, string>;
      errors: Partial<Record<K, string>>;
    };
  },
): void {
  it('refuses what the shared schema refuses before sending anything', async () => {
    const fetch = stubFetch(() => json({}));
    const form = open();
    await fillAndSubmit(form, cases.invalid.values);
    await expectFieldErrors(form, cases.invalid.errors);
    expect(requests(fetch)).toEqual([]);
  });

  it("shows the server's field errors on their fields", async () => {
    const fetch = stubFetch(() => fieldErrors(cases.server.answer));
    const form = open();
    await fillAndSubmit(form, cases.server.values);
    const [first] = Object.values<string | undefined>(cases.server.errors);
    // The answer may take a while on a loaded machine.
    await screen.findByText(first ?? '', {}, { timeout: 10_000 });
    await expectFieldErrors(form, cases.server.errors);
    // Nothing above the fields: the form shows no error of its own.
    const formElement = form.submit.closest('form');
    expect(formElement).not.toBeNull();
    expect(within(formElement!).queryByRole('alert')).not.toBeInTheDocument();
    expect(requests(fetch)).toHaveLength(1);
  });
}
