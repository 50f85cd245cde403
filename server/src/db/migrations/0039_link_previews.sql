CREATE TABLE "channel_link_preview_settings" (
	"channel_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "link_preview_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"url" text NOT NULL,
	"status" text NOT NULL,
	"site_name" text,
	"title" text,
	"description" text,
	"image" "bytea",
	"image_type" text,
	"image_width" integer,
	"image_height" integer,
	"image_version" text,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "link_preview_pages_url_unique" UNIQUE("url")
);
--> statement-breakpoint
CREATE TABLE "message_link_previews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"page_id" uuid NOT NULL,
	"url" text NOT NULL,
	"position" smallint NOT NULL,
	"removed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_link_preview_settings" ADD CONSTRAINT "channel_link_preview_settings_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_link_previews" ADD CONSTRAINT "message_link_previews_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_link_previews" ADD CONSTRAINT "message_link_previews_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_link_previews" ADD CONSTRAINT "message_link_previews_page_id_link_preview_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."link_preview_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_link_previews_message_url_key" ON "message_link_previews" USING btree ("message_id","url");--> statement-breakpoint
CREATE INDEX "message_link_previews_page_idx" ON "message_link_previews" USING btree ("page_id");--> statement-breakpoint
CREATE INDEX "message_link_previews_channel_idx" ON "message_link_previews" USING btree ("channel_id");