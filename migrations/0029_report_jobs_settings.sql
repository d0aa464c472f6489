CREATE TABLE "report_settings" (
	"workspace_id" text PRIMARY KEY NOT NULL,
	"agency_name" text,
	"agency_logo" text,
	"white_label" boolean DEFAULT false NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "status" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "engines" jsonb;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "job_id" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "data" jsonb;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "pdf" "bytea";--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "report_settings" ADD CONSTRAINT "report_settings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;