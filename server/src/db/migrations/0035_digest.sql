CREATE TABLE "digest_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"delay_minutes" integer DEFAULT 15 NOT NULL,
	"period_minutes" integer DEFAULT 60 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "digest_settings_delay_check" CHECK ("digest_settings"."delay_minutes" in (15, 30, 60, 240)),
	CONSTRAINT "digest_settings_period_check" CHECK ("digest_settings"."period_minutes" in (60, 240, 1440))
);
--> statement-breakpoint
CREATE TABLE "digest_state" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"last_seen_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	"covered_until" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	"last_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "digest_settings" ADD CONSTRAINT "digest_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digest_state" ADD CONSTRAINT "digest_state_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;