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
ALTER TABLE "seo_snapshots" ADD CONSTRAINT "seo_snapshots_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seo_snapshots_workspace_idx" ON "seo_snapshots" USING btree ("workspace_id","created_at");