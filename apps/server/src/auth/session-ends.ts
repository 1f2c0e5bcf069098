/**
 * Where the end of a session is announced. Better Auth removes a session row on sign-out,
 * revoke-session / revoke-sessions / revoke-other-sessions, change-password with
 * revokeOtherSessions, password reset (all of the user's sessions) and when it finds one expired;
 * every one of these goes through its `databaseHooks.session.delete.after` hook (bulk deletes
 * call it once per row, after the transaction commits), which calls `ended` here. The live plugin
 * listens and closes the session's sockets on every node.
 */

export interface EndedSession {
  id: string;
  userId: string;
}

export interface SessionEnds {
  /** Announces that these sessions are gone (listeners' errors are reported, not thrown). */
  ended(session: EndedSession): void;
  /** Adds a listener; returns a function that removes it. */
  listen(listener: (session: EndedSession) => void): () => void;
}

export function createSessionEnds(onError: (err: unknown) => void): SessionEnds {
  const listeners = new Set<(session: EndedSession) => void>();
  return {
    ended(session) {
      for (const listener of listeners) {
        try {
          listener(session);
        } catch (err) {
          onError(err);
        }
      }
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
