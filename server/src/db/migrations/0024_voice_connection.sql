ALTER TABLE "voice_channel_participants" ADD COLUMN "connection_id" text;--> statement-breakpoint
CREATE INDEX "voice_channel_participants_user" ON "voice_channel_participants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "voice_channel_participants_connection" ON "voice_channel_participants" USING btree ("connection_id");