ALTER TABLE "alert_firings" ADD COLUMN "mail_sent_to" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_firings" ADD COLUMN "mail_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alert_firings" ADD COLUMN "announced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_claimed" ON "webhook_deliveries" USING btree ("claimed_at") WHERE "webhook_deliveries"."claimed_at" is not null;--> statement-breakpoint
-- Firings made before this release were announced when they were recorded: mark them so, so that a
-- retried evaluation never announces one of them again.
UPDATE "alert_firings" SET "announced_at" = "created_at" WHERE "announced_at" IS NULL;