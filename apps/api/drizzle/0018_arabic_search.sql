ALTER TABLE "knowledge_chunks" ADD COLUMN "lang" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD COLUMN "search_title" text;--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD COLUMN "search_body" text;--> statement-breakpoint
ALTER TABLE "knowledge_chunks" drop column "tsv";--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD COLUMN "tsv" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(search_title, title, '')), 'A') || setweight(to_tsvector('english', coalesce(search_body, body)), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "knowledge_chunks_tsv_idx" ON "knowledge_chunks" USING gin ("tsv");--> statement-breakpoint
ALTER TABLE "knowledge_bot_stats" ADD COLUMN "ar_chunks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_bot_stats" ADD COLUMN "ar_total_length" bigint DEFAULT 0 NOT NULL;
-- Existing chunks keep lang 'en' and no search text, so their tsv is exactly what it was (the term
-- statistics stay exact). A source is analysed by language when it is next indexed (re-sync or edit).
