ALTER TABLE "calendar_events" ADD COLUMN "meeting_id" uuid;--> statement-breakpoint
CREATE INDEX "calendar_events_meeting_idx" ON "calendar_events" USING btree ("meeting_id");