CREATE INDEX "users_display_name_lower_idx" ON "users" USING btree (lower("display_name"));--> statement-breakpoint
CREATE INDEX "users_first_name_lower_idx" ON "users" USING btree (lower("first_name"));--> statement-breakpoint
CREATE INDEX "users_full_name_lower_idx" ON "users" USING btree (lower("first_name" || ' ' || "last_name"));--> statement-breakpoint
CREATE INDEX "users_email_local_lower_idx" ON "users" USING btree (lower(split_part("email", '@', 1)));