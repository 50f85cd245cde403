ALTER TABLE "files" ADD COLUMN "draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "files_draft_created_idx" ON "files" USING btree ("created_at") WHERE "files"."draft";