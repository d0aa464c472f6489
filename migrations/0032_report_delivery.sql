CREATE TABLE "report_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"slot" text NOT NULL,
	"report_id" text,
	"recipients" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_delivery_log" (
	"delivery_id" text NOT NULL,
	"recipient" text NOT NULL,
	"workspace_id" text NOT NULL,
	"report_id" text,
	"status" text NOT NULL,
	"via" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "report_delivery_log_delivery_id_recipient_pk" PRIMARY KEY("delivery_id","recipient")
);
--> statement-breakpoint
CREATE TABLE "report_delivery_settings" (
	"workspace_id" text PRIMARY KEY NOT NULL,
	"frequency" text,
	"weekday" integer,
	"day_of_month" integer,
	"hour" integer DEFAULT 8 NOT NULL,
	"report_type" text DEFAULT 'visibility_summary' NOT NULL,
	"recipients" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_unsubscribes" (
	"workspace_id" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "report_unsubscribes_workspace_id_email_pk" PRIMARY KEY("workspace_id","email")
);
--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD CONSTRAINT "report_deliveries_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_delivery_log" ADD CONSTRAINT "report_delivery_log_delivery_id_report_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."report_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_delivery_settings" ADD CONSTRAINT "report_delivery_settings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_unsubscribes" ADD CONSTRAINT "report_unsubscribes_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_deliveries_slot_idx" ON "report_deliveries" USING btree ("workspace_id","slot");--> statement-breakpoint
CREATE INDEX "report_delivery_log_ws_idx" ON "report_delivery_log" USING btree ("workspace_id","updated_at");