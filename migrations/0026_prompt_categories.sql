CREATE TABLE "prompt_categories" (
	"workspace_id" text NOT NULL,
	"language" text NOT NULL,
	"singular" text NOT NULL,
	"plural" text NOT NULL,
	"gender" text,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "prompt_categories_workspace_id_language_pk" PRIMARY KEY("workspace_id","language")
);
--> statement-breakpoint
ALTER TABLE "prompt_categories" ADD CONSTRAINT "prompt_categories_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;