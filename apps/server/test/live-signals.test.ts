/**
 * The broad rooms' batched signals (live/emitter.ts `signalBatcher`): the first message to a room
 * at once, those within the window after it merged and sent at its end.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signalBatcher } from '../src/live/emitter.ts';

describe('live: batched signals to the broad rooms', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const record = () => {
    const sent: string[] = [];
    const send = (room: string, event: string, payload: unknown) => {
      sent.push(`${room} ${event} ${JSON.stringify(payload)}`);
    };
    return { sent, send };
  };

  it('sends the first at once, merges the rest of the window and sends them at its end', () => {
    const { sent, send } = record();
    const signals = signalBatcher(send, 1_000);
    signals.send('home', 'home:changed', {});
    expect(sent).toEqual(['home home:changed {}']);
    signals.send('home', 'home:changed', {});
    signals.send('home', 'home:changed', {});
    signals.send('status-updates', 'statusUpdates:changed', { statusId: 'a' });
    signals.send('status-updates', 'statusUpdates:changed', { statusId: 'b' });
    signals.send('status-updates', 'statusUpdates:changed', { statusId: 'a' });
    // Another room is its own: its first message went out at once too.
    expect(sent).toEqual([
      'home home:changed {}',
      'status-updates statusUpdates:changed {"statusId":"a"}',
    ]);
    vi.advanceTimersByTime(999);
    expect(sent).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sent.slice(2)).toEqual([
      'home home:changed {}',
      'status-updates statusUpdates:changed {"statusId":"b"}',
      'status-updates statusUpdates:changed {"statusId":"a"}',
    ]);
    // Sending them opened a new window: the next message waits for its end.
    signals.send('home', 'home:changed', {});
    expect(sent).toHaveLength(5);
    vi.advanceTimersByTime(1_000);
    expect(sent).toHaveLength(6);
    // A quiet window closes the room's: the next message goes out at once.
    vi.advanceTimersByTime(1_000);
    signals.send('home', 'home:changed', {});
    expect(sent).toHaveLength(7);
    signals.stop();
  });

  it('sends each at once with a window of 0, and holds nothing after stop', () => {
    const { sent, send } = record();
    const now = signalBatcher(send, 0);
    now.send('home', 'home:changed', {});
    now.send('home', 'home:changed', {});
    expect(sent).toHaveLength(2);
    const held = signalBatcher(send, 500);
    held.send('tags', 'tags:changed', {});
    held.send('tags', 'tags:changed', {});
    held.stop();
    vi.advanceTimersByTime(1_000);
    expect(sent).toHaveLength(3);
  });
});
