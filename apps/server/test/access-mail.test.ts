/**
 * Mails of moderators' decisions about a user (issue 11): approval, rejection (with the note),
 * promotion, ban (with the reason) and unban, each in the user's language, written to the outbox
 * by the dispatcher with its event (so only after the decision committed) and delivered from there.
 * Approval and promotion are also notifications (`applicationApproved`, `promotion`).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Language, Notification } from '@atelier/shared';
import { domainEvents, mailOutbox, user } from '../src/db/schema/index.ts';
import { useUsers, useWritersApp } from './context.ts';
import {
  applicationInput,
  createUser,
  mailsTo,
  request,
  type TestUser,
  send,
} from './factories.ts';
import { newPost } from './post-factories.ts';

describe('mails of access decisions', () => {
  const t = useWritersApp();
  const { mod } = useUsers(t, { mod: ['moderator'] });

  const speaks = (u: TestUser, language: Language) =>
    t.database.db.update(user).set({ language }).where(eq(user.id, u.id));
  /** Every event dispatched and every queued mail delivered (to DATA_DIR/mail). */
  const settle = async () => {
    await t.app.live.kick();
    await t.app.mailer.kick();
  };
  const post = async (url: string, payload?: object, cookie = mod.cookie) => {
    const res = await request(t, { method: 'POST', url, cookie, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res;
  };
  const apply = async (u: TestUser) =>
    (await post('/api/applications', applicationInput(), u.cookie)).json<{ id: string }>().id;
  /** The mails to `to` besides the verification mail of their registration. */
  const noticesTo = (to: string) =>
    mailsTo(t, to).filter((m) => !m.text.includes('mode=verifyEmail'));
  const notificationsOf = async (u: TestUser) => {
    const res = await request(t, { method: 'GET', url: '/api/notifications', cookie: u.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Notification[]>();
  };
  const mailOutboxRows = async (to: string) =>
    t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to));

  it('approval: a mail in the applicant’s language naming the role, linking to the site', async () => {
    const u = await createUser(t);
    await speaks(u, 'fr');
    const id = await apply(u);
    await post(`/api/applications/${id}/approve`, { grantedRole: 'probation-writer' });
    await settle();
    const [mail, ...more] = noticesTo(u.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Bienvenue sur Atelier : votre candidature est acceptée');
    expect(mail?.text).toContain(`Bonjour ${u.username},`);
    expect(mail?.text).toContain('Écrivain à l’essai');
    expect(mail?.text).toContain(`${t.config.baseUrl}/`);
    expect(mail?.html).toContain('lang="fr"');
    // And a notification from the moderator, naming the role.
    const [n, ...others] = await notificationsOf(u);
    expect(others).toEqual([]);
    expect(n).toMatchObject({
      type: 'applicationApproved',
      recipientId: u.id,
      role: 'probation-writer',
      author: { id: mod.id },
      dismissed: false,
    });
  });

  it('rejection: the moderator’s note, escaped in HTML; English when the user chose no language', async () => {
    const u = await createUser(t);
    const id = await apply(u);
    const note = 'Show us <more> of your work & apply again.';
    await post(`/api/applications/${id}/reject`, { note });
    await settle();
    const [mail] = noticesTo(u.email);
    expect(mail?.subject).toBe('Your application to Atelier was not accepted');
    expect(mail?.text).toContain(note);
    expect(mail?.text).toContain(`${t.config.baseUrl}/application`);
    expect(mail?.html).toContain('Show us &#60;more&#62; of your work &#38; apply again.');
  });

  it('promotion (a request approved, or an advanced role given on the profile): mailed', async () => {
    const u = await createUser(t, { roles: ['probation-writer'] });
    await speaks(u, 'es');
    const ids = [(await newPost(t, u)).id, (await newPost(t, u)).id];
    const asked = await post(
      '/api/promotion-requests',
      { postIds: ids, message: 'Two stories.' },
      u.cookie,
    );
    await post(`/api/promotion-requests/${asked.json<{ id: string }>().id}/approve`, {
      note: '¡Sigue así!',
    });
    await settle();
    const [mail] = noticesTo(u.email);
    expect(mail?.subject).toBe('Te ascendieron en Atelier');
    expect(mail?.text).toContain('Escritor avanzado');
    expect(mail?.text).toContain('¡Sigue así!');
    expect(await notificationsOf(u)).toMatchObject([
      { type: 'promotion', role: 'advanced-writer', note: '¡Sigue así!', author: { id: mod.id } },
    ]);

    const v = await createUser(t, { roles: ['member'] });
    await speaks(v, 'ko');
    const res = await request(t, {
      method: 'PUT',
      url: `/api/users/${v.id}/roles`,
      cookie: mod.cookie,
      payload: { roles: ['member', 'advanced-faker'] },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    await settle();
    const [ko] = noticesTo(v.email);
    expect(ko?.subject).toBe('Atelier에서 승급되었습니다');
    expect(ko?.text).toContain('숙련 페이커');
    expect(await notificationsOf(v)).toMatchObject([
      { type: 'promotion', role: 'advanced-faker', note: null },
    ]);
    // Taking a role away is no promotion.
    await request(t, {
      method: 'PUT',
      url: `/api/users/${v.id}/roles`,
      cookie: mod.cookie,
      payload: { roles: ['member'] },
    });
    await settle();
    expect(noticesTo(v.email)).toHaveLength(1);
  });

  it('ban with the reason, then unban; a refused ban writes no mail', async () => {
    const u = await createUser(t, { roles: ['member'] });
    await speaks(u, 'ko');
    await post(`/api/users/${u.id}/ban`, { reason: 'Spam links in every comment' });
    await settle();
    const [banned] = noticesTo(u.email);
    expect(banned?.subject).toBe('Atelier 계정이 차단되었습니다');
    expect(banned?.text).toContain('Spam links in every comment');
    expect(banned?.text).toContain(`${t.config.baseUrl}/banned`);
    await post(`/api/users/${u.id}/unban`);
    await settle();
    const all = noticesTo(u.email);
    expect(all.map((m) => m.subject)).toEqual([
      'Atelier 계정이 차단되었습니다',
      'Atelier 계정 차단이 해제되었습니다',
    ]);
    expect((await mailOutboxRows(u.email)).every((r) => r.sentAt !== null)).toBe(true);
    expect(await mailOutboxRows(u.email)).toHaveLength(3); // verification, ban, unban

    // A member may not ban: nothing recorded, nothing mailed.
    const member = await createUser(t, { roles: ['member'] });
    const target = await createUser(t, { roles: ['member'] });
    await send(t, member, `POST /api/users/${target.id}/ban`, { reason: 'No' }, 403);
    await settle();
    expect(noticesTo(target.email)).toEqual([]);
    expect(await mailOutboxRows(target.email)).toHaveLength(1); // the verification
  });

  it('the mail is written with its event: a failed decision records neither', async () => {
    const u = await createUser(t);
    const id = await apply(u);
    await post(`/api/applications/${id}/approve`, { grantedRole: 'member' });
    await send(t, mod, `POST /api/applications/${id}/reject`, { note: 'Too late' }, 409);
    await settle();
    expect(noticesTo(u.email).map((m) => m.subject)).toEqual([
      'Welcome to Atelier: your application was approved',
    ]);
    const events = await t.database.db
      .select({ type: domainEvents.type })
      .from(domainEvents)
      .where(eq(domainEvents.type, 'application.decided'));
    expect(events.length).toBeGreaterThan(0);
  });
});
