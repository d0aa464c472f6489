CREATE TABLE "snapshot_writes" (
	"workspace_id" text PRIMARY KEY NOT NULL,
	"writes" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "snapshot_writes" ADD CONSTRAINT "snapshot_writes_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every statement that writes a workspace's snapshots moves its counter (src/modules/scores/scores.tables.ts
-- `snapshotWrites`). A delete only moves a counter still there: a workspace being deleted takes its
-- own with it (cascade), and inserting one back would break the cascade's foreign key.
CREATE FUNCTION "snapshot_writes_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "snapshot_writes" SET "writes" = "writes" + 1 WHERE "workspace_id" IN (SELECT "workspace_id" FROM "changed_rows");
  ELSE
    INSERT INTO "snapshot_writes" ("workspace_id", "writes") SELECT DISTINCT "workspace_id", 1 FROM "changed_rows"
      ON CONFLICT ("workspace_id") DO UPDATE SET "writes" = "snapshot_writes"."writes" + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "score_snapshots_inserted" AFTER INSERT ON "score_snapshots" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "snapshot_writes_count"();
--> statement-breakpoint
CREATE TRIGGER "score_snapshots_updated" AFTER UPDATE ON "score_snapshots" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "snapshot_writes_count"();
--> statement-breakpoint
CREATE TRIGGER "score_snapshots_deleted" AFTER DELETE ON "score_snapshots" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "snapshot_writes_count"();
--> statement-breakpoint
-- The workspaces measured before: a counter each, so that a delete of their snapshots moves one too.
INSERT INTO "snapshot_writes" ("workspace_id", "writes") SELECT "workspace_id", 1 FROM "score_snapshots" GROUP BY "workspace_id";
