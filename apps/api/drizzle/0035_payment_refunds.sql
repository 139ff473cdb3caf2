CREATE TABLE "payment_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"track_id" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"plan_consequence" text NOT NULL,
	"reason" text NOT NULL,
	"requested_by" text NOT NULL,
	"provider_ref" text,
	"result_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payment_refunds_amount_positive" CHECK ("payment_refunds"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "sandbox_gateway_orders" ADD COLUMN "refunds" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_track_id_payments_track_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."payments"("track_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_refunds_track_idx" ON "payment_refunds" USING btree ("track_id","created_at");