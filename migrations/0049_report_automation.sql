CREATE TABLE "report_automation" (
	"workspace_id" text PRIMARY KEY NOT NULL,
	"after_run" text[] NOT NULL,
	"weekly" text[] NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_automation" ADD CONSTRAINT "report_automation_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;