CREATE TABLE "recommendation_drafts" (
	"id" text PRIMARY KEY NOT NULL,
	"rec_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"version" integer NOT NULL,
	"text" text NOT NULL,
	"model" text NOT NULL,
	"simulated" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recommendation_transitions" (
	"id" text PRIMARY KEY NOT NULL,
	"rec_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"action" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"version" integer NOT NULL,
	"note" text,
	"review_evidence" jsonb,
	"visibility_snapshot" jsonb,
	"draft_id" text,
	"compliance_approved" boolean NOT NULL,
	"idempotency_key" text NOT NULL,
	"actor" text,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recommendations" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"lane" text NOT NULL,
	"type" text NOT NULL,
	"topic" text NOT NULL,
	"title" text NOT NULL,
	"rationale" text NOT NULL,
	"written_by" text NOT NULL,
	"evidence" jsonb NOT NULL,
	"scores" jsonb NOT NULL,
	"priority" real NOT NULL,
	"status" text NOT NULL,
	"state_version" integer NOT NULL,
	"restore_status" text,
	"compliance_flag" boolean NOT NULL,
	"current_draft_id" text,
	"baseline" jsonb,
	"done_at" timestamp with time zone,
	"job_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recommendation_drafts" ADD CONSTRAINT "recommendation_drafts_rec_id_recommendations_id_fk" FOREIGN KEY ("rec_id") REFERENCES "public"."recommendations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_transitions" ADD CONSTRAINT "recommendation_transitions_rec_id_recommendations_id_fk" FOREIGN KEY ("rec_id") REFERENCES "public"."recommendations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recommendation_drafts_version_idx" ON "recommendation_drafts" USING btree ("rec_id","version");--> statement-breakpoint
CREATE INDEX "recommendation_transitions_rec_idx" ON "recommendation_transitions" USING btree ("rec_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "recommendations_open_topic_idx" ON "recommendations" USING btree ("workspace_id","topic") WHERE status in ('proposed', 'todo', 'in_review');--> statement-breakpoint
CREATE INDEX "recommendations_workspace_idx" ON "recommendations" USING btree ("workspace_id","status","priority");