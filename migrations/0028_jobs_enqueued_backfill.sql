-- Jobs started before `enqueued_at` existed were sent at their start: mark them so, so that the
-- jobs sweep does not send them again (their pg-boss jobs carry random ids) and the dead-job rule
-- (no heartbeat DEAD_AFTER_MS after the send) applies to them as before.
UPDATE "jobs" SET "enqueued_at" = "started_at" WHERE "enqueued_at" IS NULL;
