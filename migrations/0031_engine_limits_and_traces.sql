CREATE TABLE "answer_traces" (
	"result_id" text PRIMARY KEY NOT NULL,
	"run_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"engine" text NOT NULL,
	"surface" text NOT NULL,
	"simulated" boolean NOT NULL,
	"prompt_id" text NOT NULL,
	"sample" integer NOT NULL,
	"format" text NOT NULL,
	"model_version" text,
	"queries" jsonb NOT NULL,
	"retrieved" jsonb NOT NULL,
	"cited" jsonb NOT NULL,
	"usage" jsonb,
	"missing" jsonb NOT NULL,
	"warnings" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "source_class_overrides" (
	"workspace_id" text NOT NULL,
	"domain" text NOT NULL,
	"source_class" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "source_class_overrides_workspace_id_domain_pk" PRIMARY KEY("workspace_id","domain")
);
--> statement-breakpoint
CREATE TABLE "provider_pacing" (
	"provider" text NOT NULL,
	"key_id" text NOT NULL,
	"rpm" integer NOT NULL,
	"tpm" integer NOT NULL,
	"next_request_at" double precision DEFAULT 0 NOT NULL,
	"next_token_at" double precision DEFAULT 0 NOT NULL,
	"paused_until" double precision DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"open_until" double precision DEFAULT 0 NOT NULL,
	"opened_at" double precision DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "provider_pacing_provider_key_id_pk" PRIMARY KEY("provider","key_id")
);
--> statement-breakpoint
CREATE TABLE "provider_spend" (
	"provider" text NOT NULL,
	"day" text NOT NULL,
	"microusd" bigint DEFAULT 0 NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "provider_spend_provider_day_pk" PRIMARY KEY("provider","day")
);
--> statement-breakpoint
ALTER TABLE "run_results" ADD COLUMN "input_tokens" integer;--> statement-breakpoint
ALTER TABLE "run_results" ADD COLUMN "output_tokens" integer;--> statement-breakpoint
ALTER TABLE "run_results" ADD COLUMN "search_calls" integer;--> statement-breakpoint
ALTER TABLE "run_results" ADD COLUMN "cost_microusd" bigint;--> statement-breakpoint
ALTER TABLE "answer_traces" ADD CONSTRAINT "answer_traces_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_class_overrides" ADD CONSTRAINT "source_class_overrides_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answer_traces_run_idx" ON "answer_traces" USING btree ("workspace_id","run_id");