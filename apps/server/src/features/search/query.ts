/**
 * The text query of a search, built from what the user typed (never from raw tsquery syntax):
 *
 * - words are and-ed; `or` between words or-s; `-word` excludes; `"a phrase"` keeps word order;
 * - each word matches its accent-folded form, its English, French or Spanish stem (the
 *   `atelier_*` configurations of migration 0010_search), and — from
 *   `searchLimits.prefixMinLength` characters — any word it begins ('haiku' finds 'Haïkus',
 *   'lig' finds 'lighthouse' as it is typed);
 * - a run of Hangul matches by its two-syllable grams, so '서울' finds '서울의'.
 *
 * Only letters and digits reach `to_tsquery`; everything else goes through `plainto_tsquery` and
 * `phraseto_tsquery` as parameters.
 */
import { sql, type SQL } from 'drizzle-orm';
import { searchLimits } from '@atelier/shared';

/** At most this many words and phrases count (a long query stays a small tsquery). */
const maxTerms = 12;

const configs = [
  sql`'public.atelier_simple'::regconfig`,
  sql`'public.atelier_en'::regconfig`,
  sql`'public.atelier_fr'::regconfig`,
  sql`'public.atelier_es'::regconfig`,
];

const hangulRun = /[가-힣]+|[^가-힣]+/g;
const isHangul = (s: string) => /^[가-힣]+$/.test(s);

/** '지하철' → ['지하', '하철']; one or two syllables stay whole. */
export function hangulBigrams(run: string): string[] {
  if (run.length < 3) return [run];
  const out: string[] = [];
  for (let i = 0; i < run.length - 1; i += 1) out.push(run.slice(i, i + 2));
  return out;
}

function wordQuery(word: string): SQL {
  if (isHangul(word)) {
    return sql`to_tsquery('pg_catalog.simple'::regconfig, ${hangulBigrams(word).join(' & ')})`;
  }
  const forms = configs.map((c) => sql`plainto_tsquery(${c}, ${word})`);
  if (word.length >= searchLimits.prefixMinLength) {
    forms.push(sql`to_tsquery('public.atelier_simple'::regconfig, ${`${word.toLowerCase()}:*`})`);
  }
  return sql`(${sql.join(forms, sql` || `)})`;
}

function phraseQuery(text: string): SQL {
  return sql`(${sql.join(
    configs.map((c) => sql`phraseto_tsquery(${c}, ${text})`),
    sql` || `,
  )})`;
}

/** Letters and digits, split where Hangul meets other scripts ('서울metro' → '서울', 'metro'). */
function wordsOf(raw: string): string[] {
  return (raw.match(/[\p{L}\p{N}]+/gu) ?? []).flatMap((w) => w.match(hangulRun) ?? []);
}

export interface TextQuery {
  /** The tsquery expression, or null when nothing positive is left to look for. */
  tsquery: SQL | null;
  /** Hangul words looked for (highlighted by substring; ts_headline does not see bigrams). */
  hangul: string[];
}

interface Term {
  negated: boolean;
  query: SQL;
}

export function textQuery(q: string): TextQuery {
  let group: Term[] = [];
  const groups: Term[][] = [group];
  const hangul: string[] = [];
  let count = 0;
  for (const m of q.matchAll(/(-?)"([^"]*)"?|(\S+)/g)) {
    if (count >= maxTerms) break;
    const [, phraseSign, phrase, raw] = m;
    if (raw !== undefined && raw.toLowerCase() === 'or') {
      if (group.length > 0) {
        group = [];
        groups.push(group);
      }
      continue;
    }
    if (phrase !== undefined) {
      const words = wordsOf(phrase);
      if (words.length === 0) continue;
      group.push({ negated: phraseSign === '-', query: phraseQuery(words.join(' ')) });
      if (phraseSign !== '-') hangul.push(...words.filter(isHangul));
      count += 1;
      continue;
    }
    if (raw === undefined) continue;
    const negated = raw.startsWith('-');
    for (const word of wordsOf(raw)) {
      group.push({ negated, query: wordQuery(word) });
      if (!negated && isHangul(word)) hangul.push(word);
      count += 1;
    }
  }
  const parts = groups
    .filter((g) => g.some((t) => !t.negated))
    .map(
      (g) =>
        sql`(${sql.join(
          g.map((t) => (t.negated ? sql`!!${t.query}` : t.query)),
          sql` && `,
        )})`,
    );
  return {
    tsquery: parts.length > 0 ? sql`(${sql.join(parts, sql` || `)})` : null,
    hangul,
  };
}
