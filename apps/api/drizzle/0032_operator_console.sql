CREATE TABLE "platform_audit_log" (
	"id" text PRIMARY KEY NOT NULL,
	"actor_id" text NOT NULL,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"workspace_id" text,
	"reason" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chatbots" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chatbots" ADD COLUMN "suspended_reason" text;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "next_price_minor" integer;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "next_price_from" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "platform_audit_created_idx" ON "platform_audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "platform_audit_workspace_idx" ON "platform_audit_log" USING btree ("workspace_id","created_at");--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_next_price_complete" CHECK (("plans"."next_price_minor" is null) = ("plans"."next_price_from" is null) and coalesce("plans"."next_price_minor", 0) >= 0);