ALTER TABLE "payments" ADD COLUMN "initiated_by_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "initiated_by_email" text;