CREATE TABLE "jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"kind" text NOT NULL,
	"concurrency_group" text NOT NULL,
	"status" text NOT NULL,
	"pid" integer NOT NULL,
	"log_path" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"completed_calls" integer DEFAULT 0 NOT NULL,
	"total_calls" integer NOT NULL,
	"progress_source" text NOT NULL,
	"last_lines" jsonb NOT NULL,
	"reservation_id" text,
	"params" jsonb NOT NULL,
	"created_by" text
);
--> statement-breakpoint
CREATE TABLE "prompts" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"intent" text NOT NULL,
	"text" text NOT NULL,
	"language" text NOT NULL,
	"region" text,
	"active" boolean NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "run_results" (
	"id" text PRIMARY KEY NOT NULL,
	"run_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"engine" text NOT NULL,
	"simulated" boolean NOT NULL,
	"prompt_id" text NOT NULL,
	"prompt_text" text NOT NULL,
	"intent" text NOT NULL,
	"language" text NOT NULL,
	"answer" text NOT NULL,
	"sources" jsonb NOT NULL,
	"analysis" jsonb,
	"brand_mentioned" boolean NOT NULL,
	"brand_rank" integer,
	"brand_sentiment" real,
	"error" text,
	"latency_ms" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompts" ADD CONSTRAINT "prompts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_results" ADD CONSTRAINT "run_results_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_one_running_idx" ON "jobs" USING btree ("workspace_id","concurrency_group") WHERE status = 'running';--> statement-breakpoint
CREATE INDEX "jobs_workspace_kind_idx" ON "jobs" USING btree ("workspace_id","kind","started_at");--> statement-breakpoint
CREATE INDEX "jobs_running_idx" ON "jobs" USING btree ("status") WHERE status = 'running';--> statement-breakpoint
CREATE INDEX "prompts_workspace_active_idx" ON "prompts" USING btree ("workspace_id","active","created_at");--> statement-breakpoint
CREATE INDEX "run_results_run_idx" ON "run_results" USING btree ("run_id","engine");