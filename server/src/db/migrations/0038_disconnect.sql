CREATE TABLE "disconnect_counts" (
	"month" varchar(7) NOT NULL,
	"channel_id" uuid NOT NULL,
	"urgent_messages" integer DEFAULT 0 NOT NULL,
	"held_notifications" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "disconnect_counts_month_channel_id_pk" PRIMARY KEY("month","channel_id")
);
--> statement-breakpoint
CREATE TABLE "disconnect_policy" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean NOT NULL,
	"days" jsonb NOT NULL,
	"holidays" boolean NOT NULL,
	"time_zone" varchar(64) NOT NULL,
	"urgent_allowed" boolean NOT NULL,
	"updated_by_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disconnect_policy_single_row" CHECK ("disconnect_policy"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "held_notifications" (
	"notification_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"release_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_off" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"start_date" varchar(10) NOT NULL,
	"end_date" varchar(10) NOT NULL,
	"label" varchar(80),
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"saved_status_message" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_off_dates_check" CHECK ("time_off"."end_date" >= "time_off"."start_date"),
	CONSTRAINT "time_off_status_check" CHECK ("time_off"."status" in ('pending', 'shown', 'restored'))
);
--> statement-breakpoint
CREATE TABLE "working_hours" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"days" jsonb NOT NULL,
	"holidays" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "urgent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "disconnect_counts" ADD CONSTRAINT "disconnect_counts_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disconnect_policy" ADD CONSTRAINT "disconnect_policy_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_notifications" ADD CONSTRAINT "held_notifications_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_notifications" ADD CONSTRAINT "held_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off" ADD CONSTRAINT "time_off_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "working_hours" ADD CONSTRAINT "working_hours_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "held_notifications_release_idx" ON "held_notifications" USING btree ("release_at");--> statement-breakpoint
CREATE INDEX "held_notifications_user_idx" ON "held_notifications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "time_off_user_end_idx" ON "time_off" USING btree ("user_id","end_date");--> statement-breakpoint
CREATE INDEX "time_off_status_idx" ON "time_off" USING btree ("start_date") WHERE "time_off"."status" <> 'restored';