ALTER TABLE "workspaces" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "workspaces_one_demo_idx" ON "workspaces" USING btree ("created_by") WHERE demo;