/**
 * Promotion by portfolio: a probation-X creator points at up to five of their published posts
 * (one pending request at a time); a moderator approves (advanced-X replaces probation-X) or
 * declines with a note. Each decision is one transaction with its mod-log row; approval moves
 * `claimsModifiedAt` and records `user.changed` so the creator's tabs refresh.
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  advancedRoleOf,
  MAX_PAGE,
  probationRoleOf,
  probationTypesOf,
  sortRoles,
  type PromotionRequest,
  type RoleId,
  type RoleType,
} from '@atelier/shared';
import type { Db, Tx } from '../../db/client.ts';
import { posts, promotionRequests, user, type UserRow } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { lockRow } from '../../lib/lock.ts';
import { keepDisplayedRole } from '../../lib/roles.ts';
import { recordEvent } from '../../live/events.ts';
import { userChanged } from '../moderation/service.ts';
import { writeModLog } from '../modlog/service.ts';
import { presentPublicUser, publicUserColumns } from '../users/presenter.ts';

const reviewer = alias(user, 'reviewer');
const promotionPending = () => conflict('errors.moderation.promotionPending');
export const promotionNotFound = () => notFound('errors.moderation.promotionNotFound');

function selectRequests(db: Tx) {
  return db
    .select({
      request: promotionRequests,
      user: publicUserColumns(user),
      reviewer: publicUserColumns(reviewer),
    })
    .from(promotionRequests)
    .innerJoin(user, eq(user.id, promotionRequests.userId))
    .leftJoin(reviewer, eq(reviewer.id, promotionRequests.reviewerId));
}
type RequestWithPeople = Awaited<ReturnType<ReturnType<typeof selectRequests>['where']>>[number];

/** Requests with their posts' titles: one more statement for all the posts of the list. */
async function present(db: Tx, rows: RequestWithPeople[]): Promise<PromotionRequest[]> {
  const ids = [...new Set(rows.flatMap((r) => r.request.postIds))];
  const found = ids.length
    ? await db
        .select({
          id: posts.id,
          title: posts.title,
          sectionSlug: posts.sectionSlug,
          state: posts.state,
          authorId: posts.authorId,
        })
        .from(posts)
        .where(inArray(posts.id, ids))
    : [];
  const byId = new Map(found.map((p) => [p.id, p]));
  return rows.map(({ request, user: owner, reviewer: rev }) => ({
    id: request.id,
    user: presentPublicUser(owner),
    roleType: request.roleType as RoleType,
    posts: request.postIds.map((id) => {
      const post = byId.get(id);
      return post && post.authorId === request.userId
        ? {
            id,
            title: post.title,
            sectionSlug: post.sectionSlug,
            available: post.state === 'published',
          }
        : { id, title: '', sectionSlug: '', available: false };
    }),
    message: request.message,
    state: request.state,
    reviewer: rev ? presentPublicUser(rev) : null,
    decisionNote: request.decisionNote,
    createdAt: request.createdAt.toISOString(),
    decidedAt: request.decidedAt?.toISOString() ?? null,
  }));
}

async function findRequest(db: Tx, id: string): Promise<PromotionRequest> {
  const rows = await selectRequests(db).where(eq(promotionRequests.id, id));
  const [found] = await present(db, rows);
  if (!found) throw promotionNotFound();
  return found;
}

export async function requestPromotion(
  db: Db,
  userId: string,
  input: { roleType?: RoleType | undefined; postIds: string[]; message: string },
  now = new Date(),
): Promise<PromotionRequest> {
  try {
    return await db.transaction(async (tx) => {
      const [me] = await tx
        .select({ roles: user.roles })
        .from(user)
        .where(eq(user.id, userId))
        .for('update');
      if (!me) throw notFound('errors.userNotFound');
      const types = probationTypesOf(me.roles);
      const roleType = input.roleType ?? types[0];
      if (!roleType) throw forbidden('errors.moderation.notProbation');
      if (!types.includes(roleType))
        throw badRequest('errors.validation', { roleType: 'errors.moderation.notProbation' });
      const [pending] = await tx
        .select({ id: promotionRequests.id })
        .from(promotionRequests)
        .where(and(eq(promotionRequests.userId, userId), eq(promotionRequests.state, 'pending')));
      if (pending) throw promotionPending();
      const own = await tx
        .select({ id: posts.id })
        .from(posts)
        .where(
          and(
            inArray(posts.id, input.postIds),
            eq(posts.authorId, userId),
            eq(posts.state, 'published'),
          ),
        );
      if (own.length !== input.postIds.length) {
        throw badRequest('errors.validation', { postIds: 'errors.moderation.notYourPost' });
      }
      const [created] = await tx
        .insert(promotionRequests)
        .values({
          userId,
          roleType,
          postIds: input.postIds,
          message: input.message,
          createdAt: now,
        })
        .returning({ id: promotionRequests.id });
      if (!created) throw new Error('insert returned nothing');
      return findRequest(tx, created.id);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'promotion_requests_one_pending_idx')) throw promotionPending();
    throw err;
  }
}

/** The creator's latest request (any state), or null. */
export async function myLatestRequest(db: Db, userId: string): Promise<PromotionRequest | null> {
  const rows = await selectRequests(db)
    .where(eq(promotionRequests.userId, userId))
    .orderBy(desc(promotionRequests.createdAt))
    .limit(1);
  const [found] = await present(db, rows);
  return found ?? null;
}

/** Pending requests, oldest first (the queue beside the applications). */
export async function pendingRequests(db: Db): Promise<PromotionRequest[]> {
  const rows = await selectRequests(db)
    .where(eq(promotionRequests.state, 'pending'))
    .orderBy(asc(promotionRequests.createdAt))
    .limit(MAX_PAGE);
  return present(db, rows);
}

type Decision = { kind: 'approve'; note: string } | { kind: 'decline'; note: string };

/** Roles after approval: advanced-X replaces probation-X; every other role (a ban too) stays. */
export function rolesAfterPromotion(current: readonly RoleId[], type: RoleType): RoleId[] {
  const probation = probationRoleOf[type];
  return sortRoles([...current.filter((r) => r !== probation), advancedRoleOf[type]]);
}

export async function decidePromotion(
  db: Db,
  id: string,
  moderatorId: string,
  decision: Decision,
  now = new Date(),
): Promise<PromotionRequest> {
  return db.transaction(async (tx) => {
    const request = await lockRow(tx, promotionRequests, id, promotionNotFound);
    if (request.state !== 'pending') throw conflict('errors.moderation.promotionDecided');
    const owner = await lockRow(tx, user, request.userId, promotionNotFound);
    const approved = decision.kind === 'approve';
    await tx
      .update(promotionRequests)
      .set({
        state: approved ? 'approved' : 'declined',
        reviewerId: moderatorId,
        decisionNote: decision.note || null,
        decidedAt: now,
      })
      .where(eq(promotionRequests.id, id));
    const type = request.roleType as RoleType;
    const data: Record<string, unknown> = { roleType: type, postIds: request.postIds };
    if (approved) {
      const roles = rolesAfterPromotion(owner.roles, type);
      await tx
        .update(user)
        .set({
          roles,
          displayedRole: displayedAfterPromotion(owner, roles, type),
          claimsModifiedAt: now,
          updatedAt: now,
        })
        .where(eq(user.id, owner.id));
      data.oldRoles = owner.roles;
      data.newRoles = roles;
      await userChanged(tx, moderatorId, owner.id, now);
      await recordEvent(tx, {
        type: 'user.promoted',
        actorId: moderatorId,
        data: { recipientId: owner.id, role: advancedRoleOf[type], note: decision.note || null },
      });
    }
    await writeModLog(tx, {
      moderatorId,
      action: approved ? 'promotionApproved' : 'promotionDeclined',
      targetType: 'promotion',
      targetId: id,
      subjectUserId: owner.id,
      reason: decision.note || null,
      data,
    });
    return findRequest(tx, id);
  });
}

/** A creator who showed probation-X now shows advanced-X; any other choice is kept if still held. */
function displayedAfterPromotion(
  owner: Pick<UserRow, 'displayedRole'>,
  roles: RoleId[],
  type: RoleType,
): RoleId {
  if (owner.displayedRole === probationRoleOf[type])
    return keepDisplayedRole(advancedRoleOf[type], roles);
  return keepDisplayedRole(owner.displayedRole, roles);
}
