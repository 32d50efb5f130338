-- Site search: each searched table gets two GIN indexes on the same text expression
-- (app/db/search-documents.ts): `to_tsvector('simple', …)` for whole words and prefixes, in
-- Bangla as in English (no stemmer), and trigrams (pg_trgm) for any part of a word or handle.
-- Expression indexes rather than generated columns: the database keeps them up to date on
-- every write, and the rows (backups, restores, the PostgreSQL 17 upgrade's copy) stay as
-- they were. pg_trgm is a trusted extension (PostgreSQL 13 and later): a database owner may
-- create it; the embedded database loads it at start (app/db/client.server.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "contests_search_words_idx" ON "contests" USING gin (to_tsvector('simple'::regconfig, "name"));--> statement-breakpoint
CREATE INDEX "contests_search_trgm_idx" ON "contests" USING gin (("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "events_search_words_idx" ON "events" USING gin (to_tsvector('simple'::regconfig, "name" || ' ' || "event_type" || ' ' || "venue" || ' ' || "details"));--> statement-breakpoint
CREATE INDEX "events_search_trgm_idx" ON "events" USING gin (("name" || ' ' || "event_type" || ' ' || "venue" || ' ' || "details") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "executives_search_words_idx" ON "executives" USING gin (to_tsvector('simple'::regconfig, "name" || ' ' || coalesce("title", '') || ' ' || "designation" || ' ' || "panel"));--> statement-breakpoint
CREATE INDEX "executives_search_trgm_idx" ON "executives" USING gin (("name" || ' ' || coalesce("title", '') || ' ' || "designation" || ' ' || "panel") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "notices_search_words_idx" ON "notices" USING gin (to_tsvector('simple'::regconfig, "name" || ' ' || "description"));--> statement-breakpoint
CREATE INDEX "notices_search_trgm_idx" ON "notices" USING gin (("name" || ' ' || "description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "results_search_words_idx" ON "results" USING gin (to_tsvector('simple'::regconfig, "name" || ' ' || coalesce("description", '')));--> statement-breakpoint
CREATE INDEX "results_search_trgm_idx" ON "results" USING gin (("name" || ' ' || coalesce("description", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "students_search_words_idx" ON "students" USING gin (to_tsvector('simple'::regconfig, "name" || ' ' || coalesce("codeforces", '') || ' ' || coalesce("vjudge", '') || ' ' || coalesce("atcoder", '') || ' ' || coalesce("codechef", '') || ' ' || coalesce("github", '')));--> statement-breakpoint
CREATE INDEX "students_search_trgm_idx" ON "students" USING gin (("name" || ' ' || coalesce("codeforces", '') || ' ' || coalesce("vjudge", '') || ' ' || coalesce("atcoder", '') || ' ' || coalesce("codechef", '') || ' ' || coalesce("github", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "teachers_search_words_idx" ON "teachers" USING gin (to_tsvector('simple'::regconfig, "name" || ' ' || "designation" || ' ' || "details"));--> statement-breakpoint
CREATE INDEX "teachers_search_trgm_idx" ON "teachers" USING gin (("name" || ' ' || "designation" || ' ' || "details") gin_trgm_ops);