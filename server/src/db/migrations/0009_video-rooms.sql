ALTER TABLE "video_call_participants" ADD COLUMN "token_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "video_call_participants" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "voice_channel_participants" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "video_call_participants_token_key" ON "video_call_participants" USING btree ("token_hash");