/** Applying for access and deciding on applications: one transaction each. */
import { and, desc, eq } from 'drizzle-orm';
import { hasAccess, type ApplicationInput, type GrantableRole } from '@atelier/shared';
import type { Db, Tx } from '../../db/client.ts';
import { applications, user } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, conflict, notFound, unauthorized } from '../../lib/errors.ts';
import { lockRow } from '../../lib/lock.ts';
import {
  displayedRoleFor,
  keepDisplayedRole,
  rolesAfterApproval,
  rolesAfterRejection,
  rolesOnReapplication,
} from '../../lib/roles.ts';
import { recordEvent } from '../../live/events.ts';
import { userChanged } from '../moderation/service.ts';
import { writeModLog } from '../modlog/service.ts';
import { findApplication } from './queries.ts';
import { reapplyAtOf, type ApplicationWithPeople } from './presenter.ts';

const applicationPending = () => conflict('errors.applicationPending');

async function lockUser(tx: Tx, id: string) {
  const [row] = await tx.select().from(user).where(eq(user.id, id)).for('update');
  return row;
}

export async function submitApplication(
  db: Db,
  applicantId: string,
  input: ApplicationInput,
  now = new Date(),
): Promise<ApplicationWithPeople> {
  try {
    return await db.transaction(async (tx) => {
      // Locking the applicant serialises two submissions of the same user.
      const applicant = await lockUser(tx, applicantId);
      if (!applicant) throw unauthorized();
      if (hasAccess(applicant.roles)) throw conflict('errors.alreadyMember');
      const [latest] = await tx
        .select()
        .from(applications)
        .where(eq(applications.applicantId, applicantId))
        .orderBy(desc(applications.createdAt))
        .limit(1);
      if (latest?.state === 'pending') throw applicationPending();
      const reapplyAt = reapplyAtOf(latest);
      if (reapplyAt && reapplyAt > now) {
        throw new AppError(403, 'errors.reapplyTooSoon', 'errors.reapplyTooSoon', {
          reapplyAt: reapplyAt.toISOString(),
        });
      }
      const [created] = await tx
        .insert(applications)
        .values({
          applicantId,
          requestedType: input.requestedType,
          aboutYou: input.aboutYou,
          whyJoin: input.whyJoin,
          links: input.links,
          createdAt: now,
        })
        .returning({ id: applications.id });
      if (!created) throw new Error('insert returned nothing');
      const roles = rolesOnReapplication(applicant.roles);
      if (roles.join() !== applicant.roles.join()) {
        await tx
          .update(user)
          .set({
            roles,
            displayedRole: keepDisplayedRole(applicant.displayedRole, roles),
            claimsModifiedAt: now,
            updatedAt: now,
          })
          .where(eq(user.id, applicantId));
      }
      const found = await findApplication(tx, created.id);
      if (!found) throw new Error('created application not found');
      return found;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'applications_one_pending_idx')) throw applicationPending();
    throw err;
  }
}

type Decision = { kind: 'approve'; grantedRole: GrantableRole } | { kind: 'reject'; note: string };

export async function decideApplication(
  db: Db,
  id: string,
  reviewerId: string,
  decision: Decision,
  now = new Date(),
): Promise<ApplicationWithPeople> {
  return db.transaction(async (tx) => {
    const application = await lockRow(tx, applications, id, () =>
      notFound('errors.applicationNotFound'),
    );
    if (application.state !== 'pending') throw conflict('errors.applicationDecided');
    const applicant = await lockUser(tx, application.applicantId);
    if (!applicant) throw notFound('errors.applicationNotFound');

    const approved = decision.kind === 'approve';
    await tx
      .update(applications)
      .set({
        state: approved ? 'approved' : 'rejected',
        reviewerId,
        grantedRole: approved ? decision.grantedRole : null,
        decisionNote: approved ? null : decision.note,
        decidedAt: now,
      })
      .where(and(eq(applications.id, id), eq(applications.state, 'pending')));

    const roles = approved
      ? rolesAfterApproval(applicant.roles, decision.grantedRole)
      : rolesAfterRejection(applicant.roles);
    const displayedRole = approved
      ? displayedRoleFor(roles)
      : keepDisplayedRole(applicant.displayedRole, roles);
    await tx
      .update(user)
      .set({ roles, displayedRole, claimsModifiedAt: now, updatedAt: now })
      .where(eq(user.id, applicant.id));
    await writeModLog(tx, {
      moderatorId: reviewerId,
      action: approved ? 'applicationApproved' : 'applicationRejected',
      targetType: 'application',
      targetId: id,
      subjectUserId: applicant.id,
      reason: approved ? null : decision.note,
      data: {
        oldRoles: applicant.roles,
        newRoles: roles,
        ...(approved ? { grantedRole: decision.grantedRole } : {}),
      },
    });
    await userChanged(tx, reviewerId, applicant.id, now);
    await recordEvent(tx, {
      type: 'application.decided',
      actorId: reviewerId,
      data: {
        recipientId: applicant.id,
        applicationId: id,
        approved,
        grantedRole: approved ? decision.grantedRole : null,
        note: approved ? null : decision.note,
      },
    });

    const found = await findApplication(tx, id);
    if (!found) throw new Error('decided application not found');
    return found;
  });
}
