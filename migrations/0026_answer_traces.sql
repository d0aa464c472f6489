CREATE TABLE "answer_traces" (
	"result_id" text PRIMARY KEY NOT NULL,
	"run_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"engine" text NOT NULL,
	"surface" text NOT NULL,
	"simulated" boolean NOT NULL,
	"prompt_id" text NOT NULL,
	"sample" integer NOT NULL,
	"format" text NOT NULL,
	"model_version" text,
	"queries" jsonb NOT NULL,
	"retrieved" jsonb NOT NULL,
	"cited" jsonb NOT NULL,
	"usage" jsonb,
	"missing" jsonb NOT NULL,
	"warnings" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "source_class_overrides" (
	"workspace_id" text NOT NULL,
	"domain" text NOT NULL,
	"source_class" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "source_class_overrides_workspace_id_domain_pk" PRIMARY KEY("workspace_id","domain")
);
--> statement-breakpoint
ALTER TABLE "answer_traces" ADD CONSTRAINT "answer_traces_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_class_overrides" ADD CONSTRAINT "source_class_overrides_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answer_traces_run_idx" ON "answer_traces" USING btree ("workspace_id","run_id");