CREATE TABLE "mcp_quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"key_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"tool" text NOT NULL,
	"args_hash" text NOT NULL,
	"arguments" jsonb NOT NULL,
	"calls" integer NOT NULL,
	"amount_microusd" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "mcp_quotes" ADD CONSTRAINT "mcp_quotes_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcp_quotes" ADD CONSTRAINT "mcp_quotes_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mcp_quotes_expires_idx" ON "mcp_quotes" USING btree ("expires_at");