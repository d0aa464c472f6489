ALTER TABLE "run_results" ADD COLUMN "extra" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Results stored before the column: an extra sample is one past its run's first pass (the plan's samples).
UPDATE "run_results" rr SET "extra" = true FROM "jobs" j
  WHERE j."id" = rr."run_id" AND rr."sample" > coalesce((j."params"->'plan'->>'samples')::int, 1);
