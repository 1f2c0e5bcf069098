/**
 * A user's avatar: the image at avatarPath, or the initials of the username (seed rule). Always
 * beside the username or inside a control named after it, so hidden from assistive technology
 * (initials in a button named "Menu of ada" would not match its name).
 */
import Avatar from '@mui/material/Avatar';
import { initials } from '@atelier/shared';

export function UserAvatar({
  username,
  avatarPath,
  size = 36,
}: {
  username: string;
  avatarPath?: string | null;
  size?: number;
}) {
  return (
    <Avatar
      src={avatarPath ?? undefined}
      alt=""
      aria-hidden
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.42,
        bgcolor: 'primary.dark',
        color: 'primary.contrastText',
      }}
    >
      {initials(username)}
    </Avatar>
  );
}
