/** Whether the current user may edit or delete an item (the shared rule the server applies). */
import { mayManage, type PublicUser } from '@atelier/shared';
import { useCurrentUser } from '../api/me.ts';

export function useCanManage(author: PublicUser | null): boolean {
  return mayManage(useCurrentUser(), author?.id ?? null);
}
