-- Search (issue 11/12): accent folding, English/French/Spanish stemming, Korean by bigrams, users by trigrams.
-- Both extensions are "trusted" on PostgreSQL 13+ (a database owner may create them); PGlite loads
-- them in db/pglite.ts.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- Text search configurations that fold accents before the dictionary: 'Haïkus' -> 'haikus'.
CREATE TEXT SEARCH CONFIGURATION public.atelier_simple (COPY = pg_catalog.simple);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION public.atelier_simple ALTER MAPPING FOR word, hword, hword_part, numword, hword_numpart WITH public.unaccent, pg_catalog.simple;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION public.atelier_en (COPY = pg_catalog.english);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION public.atelier_en ALTER MAPPING FOR word, hword, hword_part WITH public.unaccent, pg_catalog.english_stem;--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION public.atelier_en ALTER MAPPING FOR numword, hword_numpart WITH public.unaccent, pg_catalog.simple;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION public.atelier_fr (COPY = pg_catalog.french);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION public.atelier_fr ALTER MAPPING FOR word, hword, hword_part WITH public.unaccent, pg_catalog.french_stem;--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION public.atelier_fr ALTER MAPPING FOR numword, hword_numpart WITH public.unaccent, pg_catalog.simple;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION public.atelier_es (COPY = pg_catalog.spanish);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION public.atelier_es ALTER MAPPING FOR word, hword, hword_part WITH public.unaccent, pg_catalog.spanish_stem;--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION public.atelier_es ALTER MAPPING FOR numword, hword_numpart WITH public.unaccent, pg_catalog.simple;--> statement-breakpoint
-- Korean: every run of Hangul as overlapping two-syllable grams ('지하철' -> '지하 하철'), so a
-- word finds the longer word it is part of ('서울' finds '서울의').
CREATE FUNCTION public.atelier_hangul_bigrams(t text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT coalesce(string_agg(
      CASE WHEN char_length(m[1]) < 3 THEN m[1]
        ELSE (SELECT string_agg(substr(m[1], i, 2), ' ') FROM generate_series(1, char_length(m[1]) - 1) AS i)
      END, ' '), '')
    FROM regexp_matches(t, '[가-힣]+', 'g') AS m
  $$;--> statement-breakpoint
CREATE FUNCTION public.atelier_text_vector(t text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT to_tsvector('public.atelier_simple', t) || to_tsvector('public.atelier_en', t)
      || to_tsvector('public.atelier_fr', t) || to_tsvector('public.atelier_es', t)
      || to_tsvector('pg_catalog.simple', public.atelier_hangul_bigrams(t))
  $$;--> statement-breakpoint
CREATE FUNCTION public.atelier_search_vector(title text, body text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT setweight(public.atelier_text_vector(coalesce(title, '')), 'A')
      || setweight(public.atelier_text_vector(coalesce(body, '')), 'B')
  $$;--> statement-breakpoint
ALTER TABLE "posts" DROP COLUMN "search";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (public.atelier_search_vector("posts"."title", "posts"."body")) STORED NOT NULL;--> statement-breakpoint
-- fastupdate off: a post goes straight into the index. With the pending list (the default) a bulk
-- of new posts stays unindexed until a vacuum, every search reads that list, and the planner
-- prices the index above a scan.
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search") WITH (fastupdate = off);--> statement-breakpoint
CREATE INDEX "user_username_trgm_idx" ON "user" USING gin (lower("username") gin_trgm_ops);
