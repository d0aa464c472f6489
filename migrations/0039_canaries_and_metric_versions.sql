CREATE TABLE "canary_answers" (
	"id" text PRIMARY KEY NOT NULL,
	"day" text NOT NULL,
	"engine" text NOT NULL,
	"prompt" text NOT NULL,
	"sample" integer NOT NULL,
	"simulated" boolean NOT NULL,
	"model_version" text,
	"length" integer NOT NULL,
	"citations" integer NOT NULL,
	"list_items" integer NOT NULL,
	"answer" text NOT NULL,
	"sources" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "canary_rounds" (
	"day" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"calls" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"engines" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "engine_changes" (
	"engine" text NOT NULL,
	"day" text NOT NULL,
	"reasons" jsonb NOT NULL,
	"simulated" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "engine_changes_engine_day_pk" PRIMARY KEY("engine","day")
);
--> statement-breakpoint
ALTER TABLE "score_snapshots" ADD COLUMN "metric_version" text DEFAULT 'geo-score-v1' NOT NULL;--> statement-breakpoint
CREATE INDEX "canary_answers_engine_day_idx" ON "canary_answers" USING btree ("engine","day");--> statement-breakpoint
CREATE INDEX "engine_changes_day_idx" ON "engine_changes" USING btree ("day");