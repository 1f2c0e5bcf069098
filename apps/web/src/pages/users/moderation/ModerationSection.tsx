/**
 * What the profile page mounts below the header (lazily): the moderator panel for moderators, and
 * the promotion request section on a probation creator's own profile.
 */
import type { UserProfile } from '@atelier/shared';
import { probationTypesOf } from '@atelier/shared';
import { useCurrentUser } from '../../../api/me.ts';
import { ModeratorPanel } from './ModeratorPanel.tsx';
import { PromotionSection } from '../../../components/moderation/PromotionSection.tsx';

export default function ModerationSection({ profile }: { profile: UserProfile }) {
  const me = useCurrentUser();
  if (!me) return null;
  const own = me.id === profile.id;
  return (
    <>
      {own &&
      (probationTypesOf(me.roles).length > 0 || me.roles.some((r) => r.startsWith('advanced-'))) ? (
        <PromotionSection userId={profile.id} />
      ) : null}
      {me.isModerator ? <ModeratorPanel profile={profile} self={own} /> : null}
    </>
  );
}
