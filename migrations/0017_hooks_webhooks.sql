DROP INDEX "webhook_deliveries_pending";--> statement-breakpoint
CREATE INDEX "webhook_deliveries_log" ON "webhook_deliveries" USING btree ("endpoint_id","id");