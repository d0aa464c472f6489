CREATE TABLE "run_sampling_cells" (
	"run_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"engine" text NOT NULL,
	"prompt_id" text NOT NULL,
	"reasons" jsonb NOT NULL,
	"k_before" integer NOT NULL,
	"n_before" integer NOT NULL,
	"asked_before" integer NOT NULL,
	"extra" integer NOT NULL,
	"rounds" integer NOT NULL,
	CONSTRAINT "run_sampling_cells_run_id_engine_prompt_id_pk" PRIMARY KEY("run_id","engine","prompt_id")
);
--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "sampling" jsonb;--> statement-breakpoint
ALTER TABLE "run_sampling_cells" ADD CONSTRAINT "run_sampling_cells_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;