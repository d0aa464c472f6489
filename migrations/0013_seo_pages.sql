CREATE TABLE "page_evaluations" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"job_id" text,
	"url" text NOT NULL,
	"final_url" text NOT NULL,
	"status" text NOT NULL,
	"scores" jsonb NOT NULL,
	"metrics" jsonb NOT NULL,
	"checks" jsonb NOT NULL,
	"details" jsonb NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seo_snapshots" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"job_id" text NOT NULL,
	"version" text NOT NULL,
	"seo_score_bp" integer,
	"components" jsonb NOT NULL,
	"insights" jsonb NOT NULL,
	"technical_checks" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "page_evaluations" ADD CONSTRAINT "page_evaluations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_snapshots" ADD CONSTRAINT "seo_snapshots_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_evaluations_workspace_idx" ON "page_evaluations" USING btree ("workspace_id","fetched_at");--> statement-breakpoint
CREATE INDEX "seo_snapshots_workspace_idx" ON "seo_snapshots" USING btree ("workspace_id","created_at");