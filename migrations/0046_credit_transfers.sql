CREATE TABLE "credit_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"from_workspace_id" text NOT NULL,
	"from_slug" text NOT NULL,
	"to_workspace_id" text NOT NULL,
	"to_slug" text NOT NULL,
	"amount" bigint NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "transfer_id" text;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_transfer_id_credit_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."credit_transfers"("id") ON DELETE no action ON UPDATE no action;