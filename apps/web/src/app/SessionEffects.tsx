/**
 * What follows the signed-in user (seed "language sync" and the visitor check):
 * - a stored language different from the interface's switches the interface to it;
 * - a user with no stored language gets the current one saved;
 * - once per user and page load, the browser fingerprint is sent (PUT /api/auth/verify/{id}).
 */
import { useEffect } from 'react';
import { useMe, useUpdateMe } from '../api/me.ts';
import { currentLanguage, setLanguage } from '../i18n/index.ts';
import { afterIdle } from './idle.ts';

export function SessionEffects() {
  const user = useMe().data;
  const { mutate } = useUpdateMe();
  const userId = user?.id;
  const stored = user ? user.language : undefined;

  useEffect(() => {
    if (!userId || stored === undefined) return;
    if (stored === null) {
      mutate(
        { language: currentLanguage() },
        { onError: (err) => console.warn('Saving the language failed', err) },
      );
    } else if (stored !== currentLanguage()) {
      void setLanguage(stored);
    }
  }, [userId, stored, mutate]);

  useEffect(() => {
    if (!userId) return;
    // Loaded and computed once the page is idle: the fingerprint (a canvas drawing and a hash) is
    // not needed for the first screen, and would lengthen the task that renders it.
    const run = () => {
      import('./visitor.ts')
        .then(({ checkVisitor }) => checkVisitor(userId))
        .catch((error: unknown) => console.warn('Visitor check failed', error));
    };
    return afterIdle(run, 5_000, 1_000);
  }, [userId]);

  return null;
}
