/** What the socket's events do to the notifications cache (plain functions, no socket). */
import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Notification, PublicUser } from '@atelier/shared';
import { commentKeys } from '../../api/comments.ts';
import { homeKeys } from '../../api/home.ts';
import { queryKeys } from '../../api/keys.ts';
import { notificationKeys, withNotification } from '../../api/notifications.ts';
import { postKeys } from '../../api/posts.ts';
import { statusKeys } from '../../api/statusUpdates.ts';
import { tagKeys } from '../../api/tags.ts';
import {
  liveHandlers,
  onAllNotificationsDismissed,
  onNotificationDismissed,
  onNotificationNew,
  onReconnected,
} from './socket.ts';
import { currentUser } from '../../test/fixtures.ts';
import { onWatchedPostChange, watchedPost, watchPost } from './watchedPost.ts';

const author: PublicUser = { id: 'u-b', username: 'bob', displayedRole: 'member' };
const make = (id: string): Notification => ({
  id,
  type: 'statusReply',
  timestamp: new Date().toISOString(),
  recipientId: 'u-a',
  dismissed: false,
  dismissedTimestamp: null,
  author,
  statusId: 's1',
  content: 'x',
  repliedContent: 'y',
});
const ids = (list: Notification[] | undefined) => list?.map((n) => n.id);

describe('notification cache updates', () => {
  it('puts a new one on top, once, and keeps ten', () => {
    const client = new QueryClient();
    client.setQueryData(
      notificationKeys.list,
      Array.from({ length: 10 }, (_, i) => make(`n${i}`)),
    );
    onNotificationNew(client, make('new'));
    onNotificationNew(client, make('new'));
    const list = client.getQueryData<Notification[]>(notificationKeys.list);
    expect(ids(list)?.slice(0, 2)).toEqual(['new', 'n0']);
    expect(list).toHaveLength(10);
  });

  it('starts a list when none was loaded', () => {
    expect(ids(withNotification(undefined, make('a')))).toEqual(['a']);
  });

  it('removes a dismissed one', () => {
    const client = new QueryClient();
    client.setQueryData(notificationKeys.list, [make('a'), make('b')]);
    onNotificationDismissed(client, { id: 'a', dismissedTimestamp: '2026-01-01T00:00:00.000Z' });
    expect(ids(client.getQueryData(notificationKeys.list))).toEqual(['b']);
  });

  it('"dismiss all" elsewhere removes the ones created up to then, not a newer one', () => {
    const client = new QueryClient();
    const at = new Date();
    const older = { ...make('old'), timestamp: new Date(at.getTime() - 1_000).toISOString() };
    const newer = { ...make('new'), timestamp: new Date(at.getTime() + 1_000).toISOString() };
    client.setQueryData(notificationKeys.list, [newer, older]);
    onAllNotificationsDismissed(client, { dismissedTimestamp: at.toISOString() });
    expect(ids(client.getQueryData(notificationKeys.list))).toEqual(['new']);
  });

  it('marks the list stale on reconnect (and the user, home, tags, statuses, posts, comments)', () => {
    const client = new QueryClient();
    const keys = [
      queryKeys.me,
      homeKeys.home,
      tagKeys.all,
      statusKeys.list(null),
      statusKeys.replies('s1'),
      postKeys.detail('p1'),
      commentKeys.ofPost('p1'),
    ];
    for (const key of keys) client.setQueryData(key, { loaded: true });
    onReconnected(client);
    for (const key of keys)
      expect(client.getQueryState(key)?.isInvalidated, String(key)).toBe(true);
  });

  it('marks the notification list stale on reconnect', () => {
    const client = new QueryClient();
    client.setQueryData(notificationKeys.list, [make('a')]);
    onReconnected(client);
    expect(client.getQueryState(notificationKeys.list)?.isInvalidated).toBe(true);
  });
});

/** Which queries an event leaves stale (every other one stays fresh). */
function staleAfter(apply: (client: QueryClient) => void): string[] {
  const client = new QueryClient();
  const keys = [
    queryKeys.me,
    notificationKeys.list,
    homeKeys.home,
    tagKeys.all,
    statusKeys.list(null),
    statusKeys.list('bob'),
    statusKeys.replies('s1'),
    statusKeys.replies('s2'),
    postKeys.detail('p1'),
    postKeys.detail('p2'),
    postKeys.section('general', { sort: 'new' }),
    commentKeys.ofPost('p1'),
    commentKeys.ofPost('p2'),
  ];
  for (const key of keys) client.setQueryData(key, { loaded: true });
  apply(client);
  return keys
    .filter((key) => client.getQueryState(key)?.isInvalidated)
    .map((key) => JSON.stringify(key));
}

describe('live data signals invalidate exactly the affected queries', () => {
  const handlers = (client: QueryClient) => liveHandlers(client);

  it('home:changed → the home data', () => {
    expect(staleAfter((c) => handlers(c)['home:changed']?.({}))).toEqual(['["home"]']);
  });

  it('tags:changed → the tag list', () => {
    expect(staleAfter((c) => handlers(c)['tags:changed']?.({}))).toEqual(['["tags"]']);
  });

  it('statusUpdates:changed → every list and the replies of that status update', () => {
    expect(staleAfter((c) => handlers(c)['statusUpdates:changed']?.({ statusId: 's1' }))).toEqual([
      '["statusUpdates","list",null]',
      '["statusUpdates","list","bob"]',
      '["statusUpdates","replies","s1"]',
    ]);
  });

  it('post:changed → that post (and its cards), its comments, or both', () => {
    const post = (c: QueryClient, what: { post: boolean; comments: boolean }) =>
      handlers(c)['post:changed']?.({ postId: 'p1', ...what });
    expect(staleAfter((c) => post(c, { post: true, comments: false }))).toEqual([
      '["posts","detail","p1"]',
      '["posts","list","section","general",{"sort":"new"}]',
    ]);
    expect(staleAfter((c) => post(c, { post: false, comments: true }))).toEqual([
      '["comments","p1"]',
    ]);
    expect(staleAfter((c) => post(c, { post: true, comments: true }))).toEqual([
      '["posts","detail","p1"]',
      '["posts","list","section","general",{"sort":"new"}]',
      '["comments","p1"]',
    ]);
  });

  it('me:claims (the greeting) → the current user, only when its claims are older', () => {
    const greet = (cached: string, sent: string) => {
      const client = new QueryClient();
      client.setQueryData(queryKeys.me, currentUser({ claimsModifiedTimestamp: cached }));
      liveHandlers(client)['me:claims']?.({ claimsModifiedTimestamp: sent });
      return client.getQueryState(queryKeys.me)?.isInvalidated;
    };
    expect(greet('2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')).toBe(false);
    // Banned (or approved) between the page's /api/me and the socket's connection.
    expect(greet('2026-01-01T00:00:00.000Z', '2026-01-02T09:30:00.000Z')).toBe(true);
  });

  it('me:changed → the current user only', () => {
    expect(
      staleAfter((c) => handlers(c)['me:changed']?.({ claimsModifiedTimestamp: 'now' })),
    ).toEqual(['["me"]']);
  });
});

describe('the watched post', () => {
  it('follows the post page, and unwatching an older page keeps the newer one', () => {
    const seen: (string | null)[] = [];
    const stop = onWatchedPostChange((id) => seen.push(id));
    const leaveFirst = watchPost('p1');
    const leaveSecond = watchPost('p2');
    leaveFirst();
    expect(watchedPost()).toBe('p2');
    leaveSecond();
    expect(watchedPost()).toBeNull();
    expect(seen).toEqual(['p1', 'p2', null]);
    stop();
  });
});
