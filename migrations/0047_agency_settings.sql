CREATE TABLE "agency_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"agency_name" text,
	"agency_logo" text,
	"white_label" boolean DEFAULT false NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_settings" ADD COLUMN "overrides" text[] DEFAULT '{agencyName,agencyLogo,whiteLabel,timeZone,language}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "agency_settings" ADD CONSTRAINT "agency_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;