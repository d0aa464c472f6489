CREATE TABLE "answer_days" (
	"workspace_id" text NOT NULL,
	"day" text NOT NULL,
	"cells" jsonb NOT NULL,
	CONSTRAINT "answer_days_workspace_id_day_pk" PRIMARY KEY("workspace_id","day")
);
--> statement-breakpoint
ALTER TABLE "answer_days" ADD CONSTRAINT "answer_days_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;