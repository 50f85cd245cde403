CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_key" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD COLUMN "status" varchar(20) DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD COLUMN "oauth_state" text;--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD COLUMN "oauth_verifier" text;--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD COLUMN "sync_cursor" text;--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "external_etag" text;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_connections_oauth_state_key" ON "calendar_connections" USING btree ("oauth_state");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_events_task_key" ON "calendar_events" USING btree ("task_id");