/** Reads of applications with their applicant and reviewer, shaped by the presenter. */
import { asc, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { MAX_PAGE, type ApplicationState } from '@atelier/shared';
import type { Db, Tx } from '../../db/client.ts';
import { applications, user } from '../../db/schema/index.ts';
import { publicUserColumns } from '../users/presenter.ts';
import type { ApplicationWithPeople } from './presenter.ts';

const reviewer = alias(user, 'reviewer');

function selectWithPeople(db: Tx) {
  return db
    .select({
      application: applications,
      applicant: {
        ...publicUserColumns(user),
        email: user.email,
        createdAt: user.createdAt,
      },
      reviewer: publicUserColumns(reviewer),
    })
    .from(applications)
    .innerJoin(user, eq(user.id, applications.applicantId))
    .leftJoin(reviewer, eq(reviewer.id, applications.reviewerId));
}

export async function findApplication(
  db: Tx,
  id: string,
): Promise<ApplicationWithPeople | undefined> {
  const [row] = await selectWithPeople(db).where(eq(applications.id, id));
  return row;
}

export async function latestApplicationOf(
  db: Db,
  applicantId: string,
): Promise<ApplicationWithPeople | undefined> {
  const [row] = await selectWithPeople(db)
    .where(eq(applications.applicantId, applicantId))
    .orderBy(desc(applications.createdAt))
    .limit(1);
  return row;
}

/** Pending: oldest first (the queue). Decided: most recently decided first. */
export async function listApplications(
  db: Db,
  state: ApplicationState,
): Promise<ApplicationWithPeople[]> {
  const order =
    state === 'pending'
      ? [asc(applications.createdAt)]
      : [desc(applications.decidedAt), desc(applications.createdAt)];
  return selectWithPeople(db)
    .where(eq(applications.state, state))
    .orderBy(...order)
    .limit(MAX_PAGE);
}
