CREATE TABLE "traffic_ga4_referrals" (
	"workspace_id" text NOT NULL,
	"day" date NOT NULL,
	"engine" text NOT NULL,
	"path" text NOT NULL,
	"source" text NOT NULL,
	"sessions" integer NOT NULL,
	"key_events" integer NOT NULL,
	CONSTRAINT "traffic_ga4_referrals_workspace_id_day_engine_path_source_pk" PRIMARY KEY("workspace_id","day","engine","path","source")
);
--> statement-breakpoint
ALTER TABLE "traffic_settings" ADD COLUMN "ga4_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "traffic_settings" ADD COLUMN "ga4_property" text;--> statement-breakpoint
ALTER TABLE "traffic_ga4_referrals" ADD CONSTRAINT "traffic_ga4_referrals_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;