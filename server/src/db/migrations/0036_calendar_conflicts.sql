CREATE TABLE "calendar_deletions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"push" boolean NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "remote_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "replaced_version" jsonb;--> statement-breakpoint
ALTER TABLE "calendar_deletions" ADD CONSTRAINT "calendar_deletions_connection_id_calendar_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."calendar_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_deletions_connection_external_key" ON "calendar_deletions" USING btree ("connection_id","external_id");