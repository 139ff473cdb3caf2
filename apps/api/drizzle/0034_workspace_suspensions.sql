CREATE TABLE "workspace_suspensions" (
	"workspace_id" text PRIMARY KEY NOT NULL,
	"suspended_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"suspended_by" text NOT NULL
);
