/**
 * The live socket of a signed-in user without access (pending, rejected, banned; issue 11): the
 * server keeps it in the user's own room only, so approval, rejection, ban and unban arrive as
 * `me:changed` within a second; the tab refetches its user and the guard moves it (application →
 * `/`, /banned → `/`). A decision taken while it was still connecting is not missed either: the
 * server's `me:claims` greeting says when the user's claims last changed, and an older cached
 * user is refetched (socket.ts). The 60 s refetch of /api/me stays as the fallback. Loaded lazily
 * by the top bar; renders nothing.
 */
import { useLiveSocket } from './useLiveSocket.ts';

export default function AccessWatch() {
  useLiveSocket(true);
  return null;
}
