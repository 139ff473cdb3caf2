ALTER TABLE "chatbots" ADD COLUMN "answer_caution" text DEFAULT 'balanced' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "confidence" real;