DROP INDEX "messages_parent_idx";--> statement-breakpoint
CREATE INDEX "messages_parent_idx" ON "messages" USING btree ("parent_message_id") WHERE "messages"."parent_message_id" is not null;