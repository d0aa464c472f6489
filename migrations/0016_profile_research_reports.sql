CREATE TABLE "workspace_icons" (
	"workspace_id" text PRIMARY KEY NOT NULL,
	"png" "bytea" NOT NULL,
	"source" text NOT NULL,
	"source_url" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "research_results" (
	"job_id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"stages" jsonb NOT NULL,
	"simulated" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"type" text NOT NULL,
	"trigger" text NOT NULL,
	"run_id" text,
	"period_from" text NOT NULL,
	"period_to" text NOT NULL,
	"simulated_engines" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workspace_icons" ADD CONSTRAINT "workspace_icons_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_results" ADD CONSTRAINT "research_results_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_workspace_idx" ON "reports" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_weekly_idx" ON "reports" USING btree ("workspace_id","type","period_to") WHERE "trigger" = 'weekly';