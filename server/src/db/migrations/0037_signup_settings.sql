CREATE TABLE "signup_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"policy" varchar(16) NOT NULL,
	"domains" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signup_settings_single_row" CHECK ("signup_settings"."id" = 1),
	CONSTRAINT "signup_settings_policy" CHECK ("signup_settings"."policy" in ('open', 'domains', 'invite'))
);
--> statement-breakpoint
ALTER TABLE "signup_settings" ADD CONSTRAINT "signup_settings_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;