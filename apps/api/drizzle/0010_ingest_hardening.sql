CREATE TABLE "knowledge_staged_pages" (
	"source_id" text NOT NULL,
	"job_id" text NOT NULL,
	"ord" integer NOT NULL,
	"url" text,
	"title" text DEFAULT '' NOT NULL,
	"chunks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"skipped_reason" text,
	CONSTRAINT "knowledge_staged_pages_source_id_ord_pk" PRIMARY KEY("source_id","ord")
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "locked_by" text;--> statement-breakpoint
ALTER TABLE "knowledge_sources" ADD COLUMN "skipped_pages" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_staged_pages" ADD CONSTRAINT "knowledge_staged_pages_source_id_knowledge_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."knowledge_sources"("id") ON DELETE cascade ON UPDATE no action;