CREATE TABLE "conversation_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"chatbot_id" text NOT NULL,
	"conversation_id" text NOT NULL,
	"seq" integer NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_notification_prefs" (
	"workspace_id" text NOT NULL,
	"user_id" text NOT NULL,
	"email" text DEFAULT 'each' NOT NULL,
	"digest_through" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_notification_prefs_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "chatbots" ADD COLUMN "handoff_reply" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "chatbots" ADD COLUMN "off_hours_reply" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "chatbots" ADD COLUMN "handoff" jsonb DEFAULT '{"enabled":false,"officeHours":null}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "status" text DEFAULT 'bot' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "assignee_id" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "assignee_name" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "waiting_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "first_handoff_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "first_human_reply_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "event_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "author_id" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "author_name" text;--> statement-breakpoint
ALTER TABLE "conversation_events" ADD CONSTRAINT "conversation_events_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_events_seq_idx" ON "conversation_events" USING btree ("conversation_id","seq");--> statement-breakpoint
CREATE INDEX "conversation_events_owner_idx" ON "conversation_events" USING btree ("owner_id","id");--> statement-breakpoint
CREATE INDEX "conversations_waiting_idx" ON "conversations" USING btree ("owner_id","status","waiting_since");