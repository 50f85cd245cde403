ALTER TABLE "files" ADD COLUMN "thumbnail" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "message_id" uuid;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "thread_parent_id" uuid;--> statement-breakpoint
CREATE INDEX "files_message_idx" ON "files" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "files_thread_parent_idx" ON "files" USING btree ("thread_parent_id");