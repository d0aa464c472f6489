CREATE TABLE "stored_reads" (
	"workspace_id" text NOT NULL,
	"key" text NOT NULL,
	"mark" text NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"made_at" timestamp with time zone NOT NULL,
	CONSTRAINT "stored_reads_workspace_id_key_pk" PRIMARY KEY("workspace_id","key")
);
--> statement-breakpoint
CREATE TABLE "answer_writes" (
	"workspace_id" text PRIMARY KEY NOT NULL,
	"batches" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stored_reads" ADD CONSTRAINT "stored_reads_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_writes" ADD CONSTRAINT "answer_writes_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;