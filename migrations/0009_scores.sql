CREATE TABLE "score_snapshots" (
	"workspace_id" text NOT NULL,
	"engine" text NOT NULL,
	"day" text NOT NULL,
	"run_id" text NOT NULL,
	"score" real,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "score_snapshots_workspace_id_engine_day_pk" PRIMARY KEY("workspace_id","engine","day")
);
--> statement-breakpoint
ALTER TABLE "score_snapshots" ADD CONSTRAINT "score_snapshots_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;