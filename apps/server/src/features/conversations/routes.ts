/**
 * The handlers both conversations write alike (features/comments, features/status-updates): a
 * write by the viewer on the item or reply of `params.id`, answered with what it wrote as the
 * viewer now sees it (their likes, their abilities), or with nothing for a delete (204).
 */
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';

interface Context<Input> {
  params: { id: string };
  body: Input;
  readonly viewer: { user: UserRow };
}

type Load<T> = (db: Db, id: string, viewerId: string) => Promise<T>;
/** A write by the viewer on (or under) `id`. */
type Write<Input, Out> = (db: Db, viewer: UserRow, id: string, input: Input) => Promise<Out>;

/** Creates under `params.id` (a reply to that item, a comment on that post), answers the new one. */
export const createdUnder =
  <Input, T>(db: Db, create: Write<Input, string>, load: Load<T>) =>
  async ({ params, body, viewer }: Context<Input>): Promise<T> =>
    load(db, await create(db, viewer.user, params.id, body), viewer.user.id);

/** Edits `params.id` and answers it as edited. */
export const edited =
  <Input, T>(db: Db, edit: Write<Input, void>, load: Load<T>) =>
  async ({ params, body, viewer }: Context<Input>): Promise<T> => {
    await edit(db, viewer.user, params.id, body);
    return load(db, params.id, viewer.user.id);
  };

/** Deletes `params.id`. */
export const deleted =
  (db: Db, remove: (db: Db, viewer: UserRow, id: string) => Promise<void>) =>
  ({ params, viewer }: Omit<Context<unknown>, 'body'>): Promise<void> =>
    remove(db, viewer.user, params.id);
