ALTER TABLE "jobs" ADD COLUMN "group_key" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "tenant_key" text;--> statement-breakpoint
CREATE INDEX "jobs_group_running_idx" ON "jobs" USING btree ("group_key") WHERE status = 'running' and group_key is not null;--> statement-breakpoint
CREATE INDEX "jobs_tenant_running_idx" ON "jobs" USING btree ("tenant_key") WHERE status = 'running' and tenant_key is not null;