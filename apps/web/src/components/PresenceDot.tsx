/**
 * The presence dot (issue 4): a green dot on a user's avatar while they are online; its text
 * alternative says "Online". Only users with access see presence; for others nothing is shown.
 * Part of the always-loaded shell (the top bar's avatar): keep it tiny (no Tooltip, no Popper).
 * The profile's "Online" / "Last seen …" line is PresenceStatus.tsx.
 */
import { useContext, type ReactNode } from 'react';
import { useTranslation } from '../i18n/useTranslation.tsx';
import { QueryClientContext } from '@tanstack/react-query';
import type { UserPresence } from '@atelier/shared';
import { usePresence } from '../api/presence.ts';
import css from './item.module.css';

/** The dot alone (no query): online → green with the text alternative "Online". */
export function PresenceDotView({ online, size }: { online: boolean; size: number }) {
  const { t } = useTranslation();
  if (!online) return null;
  const dot = Math.max(8, Math.round(size * 0.2));
  // Centred on the avatar circle's edge at 45° (0.146 × size in from the box's corner).
  const inset = Math.max(0, Math.round(size * 0.146 - dot / 2));
  return (
    <span
      className={css.presenceDot}
      role="img"
      aria-label={t('presence.online')}
      data-testid="presence-dot"
      style={{ right: inset, bottom: inset, width: dot, height: dot }}
    />
  );
}

function LiveDot({
  userId,
  size,
  initial,
}: {
  userId: string;
  size: number;
  initial?: UserPresence;
}) {
  const presence = usePresence(userId, initial);
  return <PresenceDotView online={presence?.online === true} size={size} />;
}

/**
 * Wraps an avatar of `size` px and puts the dot on it while the user is online. Outside a query
 * client (a component rendered on its own) there is no presence to show.
 */
export function WithPresence({
  userId,
  size,
  initial,
  children,
}: {
  userId: string;
  size: number;
  initial?: UserPresence;
  children: ReactNode;
}) {
  const client = useContext(QueryClientContext);
  return (
    <span className={css.withPresence}>
      {children}
      {client ? <LiveDot userId={userId} size={size} initial={initial} /> : null}
    </span>
  );
}
