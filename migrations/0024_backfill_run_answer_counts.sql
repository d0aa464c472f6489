-- The answer counts of the runs that succeeded before run_answer_counts existed: the same rows
-- recordAnswerCounts (src/modules/runs/answer-counts.ts) writes when a run succeeds.
INSERT INTO "run_answer_counts" ("run_id", "workspace_id", "domain", "engine", "prompt_id", "language", "answers", "mentioned", "negative", "simulated")
SELECT rr.run_id, rr.workspace_id, '*', coalesce(rr.engine, '*'), coalesce(rr.prompt_id, '*'), coalesce(rr.language, '*'),
  count(*)::int, (count(*) filter (where rr.brand_mentioned))::int, (count(*) filter (where rr.brand_mentioned and rr.brand_sentiment < 0))::int, (count(*) filter (where rr.simulated))::int
FROM run_results rr JOIN jobs j ON j.id = rr.run_id AND j.kind = 'measurement' AND j.status = 'succeeded'
WHERE rr.error IS NULL
GROUP BY rr.run_id, rr.workspace_id, GROUPING SETS ((rr.engine, rr.language, rr.prompt_id), (rr.language, rr.prompt_id), (rr.engine, rr.language), (rr.language), (rr.engine), ())
UNION ALL
SELECT rr.run_id, rr.workspace_id, d.domain, '*', '*', '*',
  count(*)::int, (count(*) filter (where rr.brand_mentioned))::int, (count(*) filter (where rr.brand_mentioned and rr.brand_sentiment < 0))::int, (count(*) filter (where rr.simulated))::int
FROM run_results rr JOIN jobs j ON j.id = rr.run_id AND j.kind = 'measurement' AND j.status = 'succeeded',
  LATERAL (
    SELECT DISTINCT c->>'domain' AS domain FROM jsonb_array_elements(CASE WHEN jsonb_typeof(rr.analysis->'citations') = 'array' THEN rr.analysis->'citations' ELSE '[]'::jsonb END) c
    WHERE jsonb_typeof(c->'domain') = 'string' AND c->>'domain' <> '*'
  ) d
WHERE rr.error IS NULL
GROUP BY rr.run_id, rr.workspace_id, d.domain
ON CONFLICT DO NOTHING;
