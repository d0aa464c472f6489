CREATE TABLE "run_answer_counts" (
	"run_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"domain" text NOT NULL,
	"engine" text NOT NULL,
	"prompt_id" text NOT NULL,
	"language" text NOT NULL,
	"answers" integer NOT NULL,
	"mentioned" integer NOT NULL,
	"negative" integer NOT NULL,
	"simulated" integer NOT NULL,
	CONSTRAINT "run_answer_counts_run_id_domain_engine_prompt_id_language_pk" PRIMARY KEY("run_id","domain","engine","prompt_id","language")
);
--> statement-breakpoint
ALTER TABLE "run_answer_counts" ADD CONSTRAINT "run_answer_counts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;