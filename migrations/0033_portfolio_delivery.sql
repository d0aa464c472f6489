CREATE TABLE "portfolio_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"slot" text NOT NULL,
	"period_from" text NOT NULL,
	"period_to" text NOT NULL,
	"language" text NOT NULL,
	"time_zone" text NOT NULL,
	"recipients" jsonb NOT NULL,
	"pdf" "bytea",
	"html" text,
	"clients" integer,
	"simulated" boolean,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portfolio_delivery_log" (
	"delivery_id" text NOT NULL,
	"recipient" text NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"via" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "portfolio_delivery_log_delivery_id_recipient_pk" PRIMARY KEY("delivery_id","recipient")
);
--> statement-breakpoint
CREATE TABLE "portfolio_delivery_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"frequency" text,
	"weekday" integer,
	"day_of_month" integer,
	"hour" integer DEFAULT 8 NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"recipients" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portfolio_unsubscribes" (
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "portfolio_unsubscribes_user_id_email_pk" PRIMARY KEY("user_id","email")
);
--> statement-breakpoint
ALTER TABLE "portfolio_deliveries" ADD CONSTRAINT "portfolio_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_delivery_log" ADD CONSTRAINT "portfolio_delivery_log_delivery_id_portfolio_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."portfolio_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_delivery_settings" ADD CONSTRAINT "portfolio_delivery_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_unsubscribes" ADD CONSTRAINT "portfolio_unsubscribes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "portfolio_deliveries_slot_idx" ON "portfolio_deliveries" USING btree ("user_id","slot");--> statement-breakpoint
CREATE INDEX "portfolio_delivery_log_user_idx" ON "portfolio_delivery_log" USING btree ("user_id","updated_at");