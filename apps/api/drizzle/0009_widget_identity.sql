ALTER TABLE "chatbots" ADD COLUMN "greeting_bubble" jsonb DEFAULT '{"enabled":false,"text":"","delaySeconds":5}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "chatbots" ADD COLUMN "identity_secret" text;--> statement-breakpoint
ALTER TABLE "chatbots" ADD COLUMN "identity_secret_hint" text;--> statement-breakpoint
ALTER TABLE "chatbots" ADD COLUMN "identity_secret_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chatbots" ADD COLUMN "identity_secret_created_by" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "customer_id" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "customer_email" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "customer_name" text;--> statement-breakpoint
CREATE INDEX "conversations_visitor_idx" ON "conversations" USING btree ("chatbot_id","visitor_id","last_message_at");--> statement-breakpoint
CREATE INDEX "conversations_customer_idx" ON "conversations" USING btree ("chatbot_id","customer_id","last_message_at");