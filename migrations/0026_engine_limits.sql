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
ALTER TABLE "run_results" ADD COLUMN "cost_microusd" bigint;