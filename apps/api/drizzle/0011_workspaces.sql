-- Workspaces (issue #13). The owner_id / user_id columns of chatbots, knowledge, conversations,
-- messages, leads, payments and subscriptions now hold WORKSPACE ids. Every existing value is a
-- user id, and every user's personal workspace has the id of that user (auth migration 0002), so
-- existing rows already belong to their owner's personal workspace: nothing is rewritten here.
CREATE TABLE "audit_log" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"action" text NOT NULL,
	"actor_id" text,
	"actor_email" text,
	"target" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_workspace_idx" ON "audit_log" USING btree ("workspace_id","created_at");