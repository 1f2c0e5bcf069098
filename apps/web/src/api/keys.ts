/** Query keys, one per resource. Invalidate by these, never by hand-written arrays. */
import type { ApplicationState } from '@atelier/shared';

export const queryKeys = {
  me: ['me'] as const,
  sections: ['sections'] as const,
  applications: (state: ApplicationState) => ['applications', state] as const,
  applicationsAll: ['applications'] as const,
  myApplication: ['myApplication'] as const,
  bannedUsers: ['bannedUsers'] as const,
};
