ALTER TABLE "files" ADD COLUMN "thumbnail_size" integer;--> statement-breakpoint
CREATE INDEX "files_uploaded_by_idx" ON "files" USING btree ("uploaded_by_id");