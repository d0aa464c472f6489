CREATE TABLE "stored_credentials" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"connector" text NOT NULL,
	"key" text NOT NULL,
	"ciphertext" text NOT NULL,
	"masked_value" text NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "stored_credentials_slot" UNIQUE("workspace_id","connector","key")
);
--> statement-breakpoint
ALTER TABLE "stored_credentials" ADD CONSTRAINT "stored_credentials_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_credentials" ADD CONSTRAINT "stored_credentials_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;