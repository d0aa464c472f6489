CREATE TABLE "workspace_icons" (
	"workspace_id" text PRIMARY KEY NOT NULL,
	"png" "bytea" NOT NULL,
	"source" text NOT NULL,
	"source_url" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workspace_icons" ADD CONSTRAINT "workspace_icons_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;