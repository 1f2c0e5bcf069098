/**
 * A user's avatar: the image at avatarPath, or the initials of the username (seed rule), also when
 * the image fails to load. Always beside the username or inside a control named after it, so
 * hidden from assistive technology (initials in a button named "Menu of ada" would not match its
 * name). A plain element with the look of MUI's Avatar (item.module.css): lists show one per item.
 */
import { useState } from 'react';
import { initials } from '@atelier/shared';
import css from './item.module.css';

export function UserAvatar({
  username,
  avatarPath,
  size = 36,
}: {
  username: string;
  avatarPath?: string | null;
  size?: number;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const src = avatarPath && avatarPath !== failed ? avatarPath : null;
  return (
    <span
      className={css.avatar}
      aria-hidden
      style={{ width: size, height: size, fontSize: size * 0.42 }}
    >
      {src ? <img src={src} alt="" onError={() => setFailed(src)} /> : initials(username)}
    </span>
  );
}
