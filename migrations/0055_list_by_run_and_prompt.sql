DROP INDEX "run_results_prompt_engine_time_idx";--> statement-breakpoint
DROP INDEX "answer_traces_run_idx";--> statement-breakpoint
CREATE INDEX "run_results_run_time_idx" ON "run_results" USING btree ("run_id","created_at","id");--> statement-breakpoint
CREATE INDEX "run_results_prompt_time_idx" ON "run_results" USING btree ("workspace_id","prompt_id","created_at","id");--> statement-breakpoint
CREATE INDEX "answer_traces_run_idx" ON "answer_traces" USING btree ("workspace_id","run_id","engine");