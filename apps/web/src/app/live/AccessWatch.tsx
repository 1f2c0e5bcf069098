/**
 * The live socket of a signed-in user without access (pending, rejected, banned; issue 11): the
 * server keeps it in the user's own room only, so approval, rejection, ban and unban arrive as
 * `me:changed` within a second; the tab refetches its user and the guard moves it (application →
 * `/`, /banned → `/`). Each time it connects the user is refetched too (a decision taken while it
 * was still connecting is not missed). The 60 s refetch of /api/me stays as the fallback. Loaded
 * lazily by the top bar; renders nothing.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { onMeChanged } from './socket.ts';
import { useLiveSocket } from './useLiveSocket.ts';

export default function AccessWatch() {
  const queryClient = useQueryClient();
  const { connected } = useLiveSocket(true);
  useEffect(() => {
    if (connected) onMeChanged(queryClient);
  }, [connected, queryClient]);
  return null;
}
