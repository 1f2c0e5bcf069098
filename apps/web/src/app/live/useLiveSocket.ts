/**
 * Keeps the tab's one socket open while `enabled` (the user has access) and closes it when not
 * (log out, loss of access, unmount): every listener stops with it. Returns whether it is
 * connected, for the discreet "Reconnecting…" indicator.
 */
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { openLiveSocket } from './socket.ts';

export function useLiveSocket(enabled: boolean): { connected: boolean; started: boolean } {
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);
  const [started, setStarted] = useState(false);

  useEffect(() => {
    if (!enabled) return;
    let close: (() => void) | null = null;
    let cancelled = false;
    void openLiveSocket(queryClient, (c) => {
      if (cancelled) return;
      setConnected(c);
      setStarted(true);
    }).then((live) => {
      if (cancelled) live.close();
      else close = live.close;
    });
    return () => {
      cancelled = true;
      close?.();
      setConnected(false);
      setStarted(false);
    };
  }, [enabled, queryClient]);

  return { connected, started };
}
