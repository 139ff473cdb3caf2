CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at","track_id");--> statement-breakpoint
CREATE INDEX "payments_provider_ref_idx" ON "payments" USING btree ("provider_ref");--> statement-breakpoint
CREATE INDEX "platform_users_email_prefix_idx" ON "platform_users" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "platform_users_name_prefix_idx" ON "platform_users" USING btree (lower("name") text_pattern_ops);