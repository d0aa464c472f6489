ALTER TABLE "run_results" ADD COLUMN "sample" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "score_snapshots" ADD COLUMN "answers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "score_snapshots" ADD COLUMN "simulated_answers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "score_snapshots" ADD COLUMN "stats" jsonb;