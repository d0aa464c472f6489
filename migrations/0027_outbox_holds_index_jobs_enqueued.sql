CREATE TABLE "event_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"workspace_id" text NOT NULL,
	"data" jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "enqueued_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "event_outbox_recorded_idx" ON "event_outbox" USING btree ("recorded_at");--> statement-breakpoint
CREATE INDEX "credit_reservations_held_idx" ON "credit_reservations" USING btree ("expires_at") WHERE status = 'held';--> statement-breakpoint
CREATE INDEX "jobs_unqueued_idx" ON "jobs" USING btree ("started_at") WHERE status = 'running' and enqueued_at is null;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_unclaimed" ON "webhook_deliveries" USING btree ("created_at") WHERE status = 'pending' and claimed_at is null;