/** Whether the current user may edit or delete an item: its author, or a moderator. */
import type { PublicUser } from '@atelier/shared';
import { useCurrentUser } from '../../api/me.ts';

export function useCanManage(author: PublicUser | null): boolean {
  const me = useCurrentUser();
  if (!me) return false;
  return me.isModerator || (author !== null && author.id === me.id);
}
