CREATE TABLE "prompt_site_reads" (
	"workspace_id" text PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"pages" jsonb NOT NULL,
	"read_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prompt_site_reads" ADD CONSTRAINT "prompt_site_reads_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;