CREATE TABLE "run_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"run_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"engine" text NOT NULL,
	"provider" text NOT NULL,
	"batch_id" text NOT NULL,
	"status" text NOT NULL,
	"provider_status" text NOT NULL,
	"request_counts" jsonb NOT NULL,
	"results_url" text,
	"entries" jsonb NOT NULL,
	"polls" integer DEFAULT 0 NOT NULL,
	"next_poll_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"resumed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "parked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "batch" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "run_batches" ADD CONSTRAINT "run_batches_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "run_batches_run_idx" ON "run_batches" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "run_batches_poll_idx" ON "run_batches" USING btree ("next_poll_at") WHERE status in ('in_progress', 'ended');