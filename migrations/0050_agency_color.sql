ALTER TABLE "agency_settings" ADD COLUMN "agency_color" text;--> statement-breakpoint
ALTER TABLE "report_settings" ADD COLUMN "agency_color" text;