CREATE TABLE "knowledge_pages" (
	"source_id" text NOT NULL,
	"url" text NOT NULL,
	"etag" text,
	"last_modified" text,
	"lastmod" text,
	"hash" text NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "knowledge_pages_source_id_url_pk" PRIMARY KEY("source_id","url")
);
--> statement-breakpoint
CREATE TABLE "knowledge_syncs" (
	"id" text PRIMARY KEY NOT NULL,
	"source_id" text NOT NULL,
	"job_id" text NOT NULL,
	"trigger" text DEFAULT 'manual' NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"added" integer DEFAULT 0 NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	"removed" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"pages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sitemaps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"notified" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "knowledge_sources" ADD COLUMN "include" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_sources" ADD COLUMN "exclude" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_sources" ADD COLUMN "resync" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_sources" ADD COLUMN "resync_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_sources" ADD COLUMN "next_sync_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "knowledge_staged_pages" ADD COLUMN "meta" jsonb;--> statement-breakpoint
ALTER TABLE "knowledge_pages" ADD CONSTRAINT "knowledge_pages_source_id_knowledge_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."knowledge_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_syncs" ADD CONSTRAINT "knowledge_syncs_source_id_knowledge_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."knowledge_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_syncs_source_idx" ON "knowledge_syncs" USING btree ("source_id","started_at");--> statement-breakpoint
CREATE INDEX "knowledge_syncs_job_idx" ON "knowledge_syncs" USING btree ("source_id","job_id");--> statement-breakpoint
CREATE INDEX "knowledge_sources_next_sync_idx" ON "knowledge_sources" USING btree ("next_sync_at") WHERE next_sync_at is not null;