DROP INDEX "messages_content_fts_idx";--> statement-breakpoint
CREATE INDEX "messages_created_idx" ON "messages" USING btree ("created_at","id");--> statement-breakpoint
-- custom (search)
-- docs/search.md: French stemming that ignores accents ("reunions" finds "réunion"), on
-- PostgreSQL and on the embedded store alike (PGlite loads the unaccent contrib module).
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION ruche_fr (COPY = french);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION ruche_fr
  ALTER MAPPING FOR hword, hword_part, word WITH unaccent, french_stem;--> statement-breakpoint
-- Stored, so that a search walking messages_created_idx tests each row without analysing
-- its text again; more statistics, so that the planner knows a rare word from a common one.
ALTER TABLE "messages" ADD COLUMN "search_vector" tsvector
  GENERATED ALWAYS AS (to_tsvector('ruche_fr'::regconfig, "content")) STORED;--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "search_vector" SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX "messages_content_search_idx" ON "messages" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "files_name_search_idx" ON "files"
  USING gin (to_tsvector('ruche_fr'::regconfig, translate("original_name", '._-', '   ')));
