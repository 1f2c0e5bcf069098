/** What the socket's events do to the notifications cache (plain functions, no socket). */
import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Notification, PublicUser } from '@atelier/shared';
import { notificationKeys, withNotification } from '../../api/notifications.ts';
import { onNotificationDismissed, onNotificationNew, onReconnected } from './socket.ts';

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
    onNotificationDismissed(client, { id: 'a' });
    expect(ids(client.getQueryData(notificationKeys.list))).toEqual(['b']);
  });

  it('marks the list stale on reconnect', () => {
    const client = new QueryClient();
    client.setQueryData(notificationKeys.list, [make('a')]);
    onReconnected(client);
    expect(client.getQueryState(notificationKeys.list)?.isInvalidated).toBe(true);
  });
});
