/**
 * The search query is index-driven (issue 12): over a few thousand posts, with fresh statistics and
 * the planner's own choices (no enable_seqscan games), the plan of a rare word reads posts through
 * posts_search_idx, and every plan ranks a bounded candidate set (a Limit under the ranking).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchLimits } from '@atelier/shared';
import { searchPostsSql } from '../src/features/search/service.ts';
import { textQuery } from '../src/features/search/query.ts';
import { queryRows } from '../src/lib/sql.ts';
import { createAuthTestApp, createMember, send } from './factories.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
const rows = 4000;

beforeAll(async () => {
  t = await createAuthTestApp();
  const m = await createMember(t);
  // Every post has "lighthouse"; one in a hundred "albatross"; one "zeppelin"; bodies of a few
  // hundred characters, like real posts (the table's size is what makes a scan costly).
  await t.database.db.execute(sql`
    insert into posts (author_id, section_slug, title, body, provenance)
    select ${m.id}, 'general', 'Lighthouse study ' || i,
      'The lighthouse at dusk, number ' || i || '. ' || repeat(md5(i::text) || ' ', 12) ||
      case when i % 100 = 0 then ' with an albatross' else '' end ||
      case when i = 1234 then ' and a zeppelin' else '' end,
      'human'
    from generate_series(1, ${rows}) as i`);
  await t.database.db.execute(sql`analyze posts`);
}, 300_000);
afterAll(() => t.close());

async function plan(q: string): Promise<string> {
  const { tsquery } = textQuery(q);
  const statement = searchPostsSql(tsquery!, {}, [], null, 21);
  const lines = await queryRows<Record<string, string>>(t.database.db, sql`explain ${statement}`);
  return lines.map((l) => Object.values(l)[0]).join('\n');
}

describe('search plan', () => {
  it('reads a rare word through the GIN index', async () => {
    const rare = await plan('zeppelin');
    expect(rare).toMatch(/Bitmap Index Scan on posts_search_idx/);
    expect(rare).not.toMatch(/Seq Scan on posts/);
    const uncommon = await plan('albatross');
    expect(uncommon).toMatch(/posts_search_idx/);
  });

  it('ranks only a bounded set of candidates, whatever the word', async () => {
    for (const q of ['zeppelin', 'lighthouse', 'lig']) {
      const text = await plan(q);
      // The candidates subquery is limited before ts_rank runs over it.
      expect(text).toMatch(/Limit/);
      expect(
        text.split('\n').filter((l) => /->\s+Limit|^Limit/.test(l.trim())).length,
      ).toBeGreaterThanOrEqual(2);
    }
    expect(searchLimits.candidates).toBe(200);
  });

  it('answers a word in every post with the bounded page', async () => {
    const m = await createMember(t);
    const res = await send(t, m, 'GET /api/search?q=lighthouse&kind=posts', undefined, 200);
    const body = res.json<{ posts: unknown[]; nextCursor: string | null }>();
    expect(body.posts).toHaveLength(20);
    expect(body.nextCursor).toEqual(expect.any(String));
  });
});
