/** Moderator notes: add, list newest first with the author, delete; each writes the mod log. */
import { describe, expect, it } from 'vitest';
import { moderatorNotes } from '../src/db/schema/index.ts';
import { useAuthApp, useUsers } from './context.ts';
import { createUser, request, send } from './factories.ts';
import { newModLogRows } from './moderation-helpers.ts';

describe('moderator notes', () => {
  const t = useAuthApp();
  const { mod, mod2 } = useUsers(t, { mod: ['moderator'], mod2: ['moderator'] });

  const add = (id: string, body: unknown, cookie = mod.cookie) =>
    request(t, { method: 'POST', url: `/api/users/${id}/notes`, cookie, payload: { body } });
  const list = (id: string) =>
    request(t, { method: 'GET', url: `/api/users/${id}/notes`, cookie: mod.cookie });

  it('adds, lists newest first with the author, deletes', async () => {
    const u = await createUser(t, { roles: ['member'] });
    const first = await newModLogRows(t, async () => {
      const res = await add(u.id, '  Warned about spam links.  ');
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        subjectId: u.id,
        body: 'Warned about spam links.',
        author: { id: mod.id, username: mod.username },
      });
    });
    expect(first).toMatchObject([
      {
        action: 'noteAdded',
        targetType: 'note',
        subjectUserId: u.id,
        moderatorId: mod.id,
        data: { body: 'Warned about spam links.' },
      },
    ]);
    await add(u.id, 'Second warning.', mod2.cookie);
    const notes = (await list(u.id)).json<{ id: string; body: string; author: { id: string } }[]>();
    expect(notes.map((n) => n.body)).toEqual(['Second warning.', 'Warned about spam links.']);
    expect(notes[0]?.author.id).toBe(mod2.id);

    // Any moderator may delete a note.
    const deleted = await newModLogRows(t, async () => {
      expect(
        (
          await request(t, {
            method: 'DELETE',
            url: `/api/notes/${notes[1]!.id}`,
            cookie: mod2.cookie,
          })
        ).statusCode,
      ).toBe(204);
    });
    expect(deleted).toMatchObject([
      {
        action: 'noteDeleted',
        targetId: notes[1]!.id,
        moderatorId: mod2.id,
        subjectUserId: u.id,
        data: { body: 'Warned about spam links.' },
      },
    ]);
    expect((await list(u.id)).json<unknown[]>()).toHaveLength(1);
    const again = await send(t, mod, `DELETE /api/notes/${notes[1]!.id}`, undefined, 404);
    expect(again.json().error.code).toBe('errors.moderation.noteNotFound');
  });

  it('refuses an empty or too long note, or a note about nobody, and writes nothing', async () => {
    const u = await createUser(t, { roles: ['member'] });
    const count = (await t.database.db.select().from(moderatorNotes)).length;
    const logged = await newModLogRows(t, async () => {
      expect((await add(u.id, '   ')).json().error.fields).toEqual({ body: 'errors.required' });
      expect((await add(u.id, 'x'.repeat(2001))).json().error.fields).toEqual({
        body: 'errors.noteTooLong',
      });
      expect((await add(u.id, 42)).statusCode).toBe(400);
      expect((await add('nobody', 'Hello')).statusCode).toBe(404);
      expect((await list('nobody')).statusCode).toBe(404);
    });
    expect(logged).toHaveLength(0);
    expect((await t.database.db.select().from(moderatorNotes)).length).toBe(count);
    expect((await add(u.id, 'x'.repeat(2000))).statusCode).toBe(201);
  });
});
