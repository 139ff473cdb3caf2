CREATE TABLE "channel_receipts" (
	"channel_id" text NOT NULL,
	"external_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channels" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"chatbot_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"status_reason" text,
	"status_changed_at" timestamp with time zone,
	"phone_number_id" text NOT NULL,
	"business_account_id" text NOT NULL,
	"display_phone_number" text DEFAULT '' NOT NULL,
	"verified_name" text DEFAULT '' NOT NULL,
	"quality_rating" text DEFAULT 'UNKNOWN' NOT NULL,
	"access_token_sealed" text NOT NULL,
	"app_secret_sealed" text NOT NULL,
	"verify_token_sealed" text NOT NULL,
	"last_webhook_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "channel_id" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "contact_id" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "last_inbound_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "content_type" text DEFAULT 'text' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "reply_to_id" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "delivery" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "delivery_parts" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "delivery_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "template" jsonb;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "channel_receipts" ADD CONSTRAINT "channel_receipts_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_chatbot_id_chatbots_id_fk" FOREIGN KEY ("chatbot_id") REFERENCES "public"."chatbots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_receipts_idx" ON "channel_receipts" USING btree ("channel_id","external_id");--> statement-breakpoint
CREATE INDEX "channel_receipts_age_idx" ON "channel_receipts" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "channels_phone_number_idx" ON "channels" USING btree ("kind","phone_number_id");--> statement-breakpoint
CREATE INDEX "channels_bot_idx" ON "channels" USING btree ("chatbot_id");--> statement-breakpoint
CREATE INDEX "channels_workspace_idx" ON "channels" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "conversations_contact_idx" ON "conversations" USING btree ("channel_id","contact_id","last_message_at");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_bot_reply_idx" ON "messages" USING btree ("reply_to_id") WHERE role = 'assistant' and reply_to_id is not null;--> statement-breakpoint
CREATE INDEX "messages_external_idx" ON "messages" USING btree ("external_id");--> statement-breakpoint
-- Conversations the public API started were widget conversations of a made-up visitor (api:<workspace>): they are the API's.
UPDATE "conversations" SET "channel" = 'api', "visitor_id" = NULL WHERE "channel" = 'widget' AND "visitor_id" LIKE 'api:%';
