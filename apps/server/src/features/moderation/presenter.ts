/** Moderation's shapes: a banned user with the reason. */
import type { BannedUser } from '@atelier/shared';
import { presentPublicUser, type PublicUserRow } from '../users/presenter.ts';

export function presentBannedUser(row: PublicUserRow & { banReason: string | null }): BannedUser {
  return { ...presentPublicUser(row), banReason: row.banReason ?? '' };
}
