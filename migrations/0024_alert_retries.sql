ALTER TABLE "alert_firings" ADD COLUMN "mail_sent_to" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_firings" ADD COLUMN "mail_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alert_firings" ADD COLUMN "announced_at" timestamp with time zone;