CREATE TABLE "knowledge_files" (
	"source_id" text PRIMARY KEY NOT NULL,
	"data" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_counters" (
	"owner_id" text NOT NULL,
	"month" date NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_counters_owner_id_month_pk" PRIMARY KEY("owner_id","month")
);
--> statement-breakpoint
ALTER TABLE "knowledge_files" ADD CONSTRAINT "knowledge_files_source_id_knowledge_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."knowledge_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Existing uploads keep their bytes, now in knowledge_files.
INSERT INTO "knowledge_files" ("source_id", "data")
  SELECT "id", "file_data" FROM "knowledge_sources" WHERE "file_data" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_sources" DROP COLUMN "file_data";--> statement-breakpoint
-- The monthly counters start from what was counted before: answered widget messages per month.
INSERT INTO "usage_counters" ("owner_id", "month", "messages")
  SELECT m."owner_id", date_trunc('month', m."created_at" AT TIME ZONE 'UTC')::date, count(*)::int
  FROM "messages" m JOIN "conversations" c ON c."id" = m."conversation_id"
  WHERE m."role" = 'assistant' AND c."channel" = 'widget' AND m."quota_blocked" = false
  GROUP BY 1, 2;