DROP INDEX "run_results_search_idx";--> statement-breakpoint
CREATE INDEX "run_results_search_english_idx" ON "run_results" USING gin ("answer_search") WHERE left(lower("language"), 2) = 'en';--> statement-breakpoint
CREATE INDEX "run_results_search_spanish_idx" ON "run_results" USING gin ("answer_search") WHERE left(lower("language"), 2) = 'es';--> statement-breakpoint
CREATE INDEX "run_results_search_catalan_idx" ON "run_results" USING gin ("answer_search") WHERE left(lower("language"), 2) = 'ca';--> statement-breakpoint
CREATE INDEX "run_results_search_french_idx" ON "run_results" USING gin ("answer_search") WHERE left(lower("language"), 2) = 'fr';--> statement-breakpoint
CREATE INDEX "run_results_search_simple_idx" ON "run_results" USING gin ("answer_search") WHERE left(lower("language"), 2) not in ('en', 'es', 'ca', 'fr');