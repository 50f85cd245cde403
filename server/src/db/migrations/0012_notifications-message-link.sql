ALTER TABLE "notifications" DROP CONSTRAINT "notifications_message_id_messages_id_fk";
--> statement-breakpoint
CREATE INDEX "notifications_message_idx" ON "notifications" USING btree ("message_id");