ALTER TABLE "channel_members" ADD COLUMN "last_read_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The read marker in the channel's order: the last message at or before the time read,
-- found on (channel_id, created_at) while that index is still here.
UPDATE "channel_members" cm SET "last_read_seq" = coalesce((
  SELECT m."seq" FROM "messages" m
  WHERE m."channel_id" = cm."channel_id" AND m."created_at" <= cm."last_read_at"
  ORDER BY m."created_at" DESC LIMIT 1
), 0) WHERE cm."last_read_at" IS NOT NULL;--> statement-breakpoint
DROP INDEX "messages_channel_created_idx";--> statement-breakpoint
DROP INDEX "messages_parent_idx";--> statement-breakpoint
CREATE INDEX "messages_parent_idx" ON "messages" USING btree ("parent_message_id") WHERE "messages"."parent_message_id" is not null;
