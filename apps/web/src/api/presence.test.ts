/** Which users a tab watches: the presence queries on screen, sent again on every connection. */
import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { presenceKeys, watchedUsers, watchPresence } from './presence.ts';

/** Records what would go over the wire (stands in for socket.io-client's socket). */
function recordingSocket() {
  const sent: string[][] = [];
  const listeners = new Map<string, () => void>();
  return {
    sent,
    connected: true,
    emit: (_event: string, ids: string[]) => {
      sent.push(ids);
      return true;
    },
    on: (event: string, fn: () => void) => listeners.set(event, fn),
    off: (event: string) => listeners.delete(event),
    reconnect() {
      listeners.get('connect')?.();
    },
  };
}

const observe = (client: QueryClient, id: string) =>
  new QueryObserver(client, {
    queryKey: presenceKeys.user(id),
    queryFn: () => ({ userId: id, online: true, lastSeenTimestamp: null }),
    staleTime: Infinity,
  }).subscribe(() => undefined);

describe('presence watch list', () => {
  it('follows the users on screen and is sent again after a reconnection', async () => {
    const client = new QueryClient();
    const socket = recordingSocket();
    const stop = watchPresence(client, socket as never);
    expect(socket.sent).toEqual([[]]);

    const unA = observe(client, 'b-user');
    observe(client, 'a-user');
    await new Promise((r) => setTimeout(r, 80));
    expect(socket.sent.at(-1)).toEqual(['a-user', 'b-user']);
    expect(watchedUsers(client)).toEqual(['a-user', 'b-user']);

    unA();
    await new Promise((r) => setTimeout(r, 80));
    expect(socket.sent.at(-1)).toEqual(['a-user']);

    const before = socket.sent.length;
    socket.reconnect();
    expect(socket.sent).toHaveLength(before + 1);
    expect(socket.sent.at(-1)).toEqual(['a-user']);
    stop();
  });
});
