/**
 * The first screen's data is in the cache before the first render: the user always, a page's data
 * only when the server's page preloaded it (a member's page), and a slow answer does not hold the
 * app back.
 */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { homeKeys } from '../api/home.ts';
import { queryKeys } from '../api/keys.ts';
import { postKeys } from '../api/posts.ts';
import { loadFirstScreen } from './firstScreen.ts';

const user = { id: 'u1', name: 'Mina' };
const home = { sections: [], stats: { members: 1, posts: 0, comments: 0, statusUpdates: 0 } };
const post = { id: 'p1', title: 'Lighthouses' };
const comments = { items: [], nextCursor: null };

/** Stands in for the network: the answers by path; a path missing here never answers. */
function network(answers: Record<string, unknown>) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const path = new URL(url, location.origin).pathname;
      asked.push(path);
      if (!(path in answers)) return new Promise<Response>(() => undefined);
      return Promise.resolve(
        new Response(JSON.stringify(answers[path]), {
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  return asked;
}

function preload(href: string) {
  const link = document.createElement('link');
  link.setAttribute('rel', 'preload');
  link.setAttribute('as', 'fetch');
  link.setAttribute('href', href);
  document.head.append(link);
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.querySelectorAll('link').forEach((link) => link.remove());
  window.history.replaceState(null, '', '/');
});

describe('first screen', () => {
  it("loads the user, and the home's data that the server preloaded", async () => {
    network({ '/api/session': { user }, '/api/home': home });
    preload('/api/session');
    preload('/api/home');
    const client = new QueryClient();
    await loadFirstScreen(client);
    expect(client.getQueryData(queryKeys.me)).toEqual(user);
    expect(client.getQueryData(homeKeys.home)).toEqual(home);
  });

  it('loads a post on the post page, and asks for its first comments without waiting', async () => {
    network({
      '/api/session': { user },
      '/api/posts/p1': post,
      '/api/posts/p1/comments': comments,
    });
    window.history.replaceState(null, '', '/posts/p1');
    preload('/api/posts/p1');
    preload('/api/posts/p1/comments');
    const client = new QueryClient();
    await loadFirstScreen(client);
    expect(client.getQueryData(postKeys.detail('p1'))).toEqual(post);
    await vi.waitFor(() =>
      expect(client.getQueryData(['comments', 'p1'])).toEqual({
        pages: [comments],
        pageParams: [null],
      }),
    );
  });

  it('asks for no page data the server did not preload (a signed-out visitor)', async () => {
    const asked = network({ '/api/session': { user: null } });
    preload('/api/session');
    const client = new QueryClient();
    await loadFirstScreen(client);
    expect(asked).toEqual(['/api/session']);
    expect(client.getQueryData(queryKeys.me)).toBeNull();
  });

  it('renders with what has come once it has waited long enough', async () => {
    network({ '/api/session': { user } });
    preload('/api/home');
    const client = new QueryClient();
    await loadFirstScreen(client, 50);
    expect(client.getQueryData(queryKeys.me)).toEqual(user);
    expect(client.getQueryData(homeKeys.home)).toBeUndefined();
  });
});
