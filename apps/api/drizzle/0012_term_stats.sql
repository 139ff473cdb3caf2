CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "knowledge_bot_stats" (
	"chatbot_id" text PRIMARY KEY NOT NULL,
	"chunks" integer DEFAULT 0 NOT NULL,
	"total_length" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_terms" (
	"chatbot_id" text NOT NULL,
	"term" text NOT NULL,
	"df" integer NOT NULL,
	CONSTRAINT "knowledge_terms_chatbot_id_term_pk" PRIMARY KEY("chatbot_id","term")
);
--> statement-breakpoint
ALTER TABLE "knowledge_bot_stats" ADD CONSTRAINT "knowledge_bot_stats_chatbot_id_chatbots_id_fk" FOREIGN KEY ("chatbot_id") REFERENCES "public"."chatbots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_terms" ADD CONSTRAINT "knowledge_terms_chatbot_id_chatbots_id_fk" FOREIGN KEY ("chatbot_id") REFERENCES "public"."chatbots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Backfill from the chunks already stored (later writes keep these exact).
INSERT INTO "knowledge_terms" ("chatbot_id", "term", "df")
SELECT c.chatbot_id, t.term, count(*)::int FROM "knowledge_chunks" c, unnest(tsvector_to_array(c.tsv)) AS t(term)
GROUP BY c.chatbot_id, t.term;--> statement-breakpoint
INSERT INTO "knowledge_bot_stats" ("chatbot_id", "chunks", "total_length")
SELECT chatbot_id, count(*)::int, coalesce(sum(length(tsv)), 0) FROM "knowledge_chunks" GROUP BY chatbot_id;
