/**
 * Presence (issue 4): a user is online while they have at least one open socket on some server
 * node; when the last one closes they go offline and `lastSeenTimestamp` is the server's time.
 *
 * Which route takes and answers what is declared once, in the route table (./routes/), and
 * browsable at /api/docs.
 *
 * A tab says which users it shows (`presence:watch` on its socket, replacing its previous list);
 * their changes are then pushed to it as `presence:changed` (a UserPresence).
 */
export interface UserPresence {
  userId: string;
  online: boolean;
  /** ISO, server time: when the user last came online or went offline; null if never seen. */
  lastSeenTimestamp: string | null;
}

/** Most ids one presence request may name. */
export const presenceBatchLimit = 100;

/** Most users one tab may watch at once (`presence:watch`). */
export const presenceWatchLimit = 200;
