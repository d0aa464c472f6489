CREATE TABLE "traffic_agent_daily" (
	"workspace_id" text NOT NULL,
	"day" date NOT NULL,
	"agent" text NOT NULL,
	"verification" text NOT NULL,
	"hits" integer NOT NULL,
	"s2xx" integer NOT NULL,
	"s3xx" integer NOT NULL,
	"s4xx" integer NOT NULL,
	"s5xx" integer NOT NULL,
	"bytes" bigint NOT NULL,
	CONSTRAINT "traffic_agent_daily_workspace_id_day_agent_verification_pk" PRIMARY KEY("workspace_id","day","agent","verification")
);
--> statement-breakpoint
CREATE TABLE "traffic_drains" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"name" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "traffic_hits" (
	"workspace_id" text NOT NULL,
	"line_hash" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"agent" text,
	"verification" text,
	"network" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status" smallint NOT NULL,
	"bytes" bigint NOT NULL,
	"referrer_engine" text,
	"user_agent" text NOT NULL,
	CONSTRAINT "traffic_hits_workspace_id_line_hash_pk" PRIMARY KEY("workspace_id","line_hash")
);
--> statement-breakpoint
CREATE TABLE "traffic_page_agents" (
	"workspace_id" text NOT NULL,
	"path" text NOT NULL,
	"agent" text NOT NULL,
	"verification" text NOT NULL,
	"hits" integer NOT NULL,
	"errors" integer NOT NULL,
	"last_status" smallint NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "traffic_page_agents_workspace_id_path_agent_verification_pk" PRIMARY KEY("workspace_id","path","agent","verification")
);
--> statement-breakpoint
CREATE TABLE "traffic_referrals_daily" (
	"workspace_id" text NOT NULL,
	"day" date NOT NULL,
	"engine" text NOT NULL,
	"path" text NOT NULL,
	"visits" integer NOT NULL,
	CONSTRAINT "traffic_referrals_daily_workspace_id_day_engine_path_pk" PRIMARY KEY("workspace_id","day","engine","path")
);
--> statement-breakpoint
CREATE TABLE "traffic_settings" (
	"workspace_id" text PRIMARY KEY NOT NULL,
	"retention_days" integer DEFAULT 90 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "traffic_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"source" text NOT NULL,
	"bytes_received" bigint NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"unparsed_sample" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "traffic_agent_daily" ADD CONSTRAINT "traffic_agent_daily_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_drains" ADD CONSTRAINT "traffic_drains_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_hits" ADD CONSTRAINT "traffic_hits_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_page_agents" ADD CONSTRAINT "traffic_page_agents_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_referrals_daily" ADD CONSTRAINT "traffic_referrals_daily_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_settings" ADD CONSTRAINT "traffic_settings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_uploads" ADD CONSTRAINT "traffic_uploads_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "traffic_drains_workspace_idx" ON "traffic_drains" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "traffic_hits_at_idx" ON "traffic_hits" USING btree ("workspace_id","at");--> statement-breakpoint
CREATE INDEX "traffic_uploads_workspace_idx" ON "traffic_uploads" USING btree ("workspace_id","created_at");