import { limits, type Application, type MyApplication } from '@atelier/shared';
import type { ApplicationRow, UserRow } from '../../db/schema/index.ts';
import { addDays } from '../../lib/time.ts';
import { presentPublicUser, type PublicUserRow } from '../users/presenter.ts';

export interface ApplicationWithPeople {
  application: ApplicationRow;
  applicant: PublicUserRow & Pick<UserRow, 'email' | 'createdAt'>;
  reviewer: PublicUserRow | null;
}

export function presentApplication({
  application: a,
  applicant,
  reviewer,
}: ApplicationWithPeople): Application {
  return {
    id: a.id,
    applicant: {
      ...presentPublicUser(applicant),
      email: applicant.email,
      registrationTimestamp: applicant.createdAt.toISOString(),
    },
    requestedType: a.requestedType,
    aboutYou: a.aboutYou,
    whyJoin: a.whyJoin,
    links: a.links,
    state: a.state,
    reviewer: reviewer ? presentPublicUser(reviewer) : null,
    decisionNote: a.decisionNote,
    grantedRole: a.grantedRole,
    createdAt: a.createdAt.toISOString(),
    decidedAt: a.decidedAt?.toISOString() ?? null,
  };
}

/** When a rejected applicant may apply again: decidedAt + 30 days. */
export function reapplyAtOf(
  a: Pick<ApplicationRow, 'state' | 'decidedAt'> | undefined,
): Date | null {
  if (a?.state !== 'rejected' || !a.decidedAt) return null;
  return addDays(a.decidedAt, limits.reapplyDays);
}

/** GET /api/applications/mine: the latest application, and when one may apply again. */
export function presentMyApplication(latest: ApplicationWithPeople | undefined): MyApplication {
  return {
    application: latest ? presentApplication(latest) : null,
    reapplyAt: reapplyAtOf(latest?.application)?.toISOString() ?? null,
  };
}
