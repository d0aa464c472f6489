// The MCP tools, each declared once as data: the API operation it calls (whose schemas, scope
// and validation it takes over), how it is described to an agent, and its behaviour hints.
// `metered` tools spend credits and follow the quote rule (docs/mcp.md).

export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

export interface ToolSpec {
  name: string;
  title: string;
  description: string;
  operationId: string;
  annotations: ToolAnnotations;
  /** Spends credits: answers a quote first and acts only when called again with its quoteId. */
  metered?: boolean;
  /** The API answers a list; the tool answers its first item (a key reaches one workspace). */
  first?: boolean;
  /** A line said before the JSON (the dashboard's words for it, from the API's own field). */
  say?: (result: Record<string, unknown>) => string | null;
}

const read: ToolAnnotations = { readOnlyHint: true, openWorldHint: false };

export const TOOLS: readonly ToolSpec[] = [
  {
    name: 'workspace_summary', title: 'Workspace summary', operationId: 'listWorkspaces', first: true, annotations: read,
    description: 'The workspace this API key is bound to: slug, display name, plan and domains.',
  },
  {
    name: 'get_score', title: 'GEO score', operationId: 'getScore', annotations: read,
    description: 'The GEO score (0-100, geo-score-v1) with its components (relativeSov is the lead over competitors: the brand\'s mentions over the most-named brand\'s, 100 = named most often; not the scoreboard\'s share of voice), 95% interval, sample sizes and change from the previous day measured; `date` reads the latest snapshot on or before that day; `surface` (api, product or mixed) says which answers it pools, and `surface=api|product` scores one surface on its own. 404 score_not_available before any run succeeded.',
  },
  {
    name: 'get_scoreboard', title: 'Scoreboard', operationId: 'getScoreboard', annotations: read,
    description: 'The brand and every competitor ranked by the same score: visibility, share of voice (each one\'s part of all brand mentions, adding up to 100; not the score\'s relativeSov), position, sentiment, mentions and citations, with intervals.',
  },
  {
    name: 'get_timeseries', title: 'Score time series', operationId: 'getTimeseries', annotations: read,
    description: 'One point per day measured (score, interval, components, change with significance) for the composite or one engine, over 7d, 28d or all; `surface` names the surface of the series (mixed when API and product answers are pooled), `surface=api|product` narrows it.',
  },
  {
    name: 'get_competitor_timeseries', title: 'Visibility against competitors over time', operationId: 'getEntityTimeseries', annotations: read,
    description: 'The brand and each competitor day by day, as each day\'s scoreboard has them: visibility and share of voice with their 95% intervals and the day\'s answers, over 7d, 28d or all.',
  },
  {
    name: 'get_methodology', title: 'How a score was made, and its grade', operationId: 'getMethodology', annotations: read,
    description: 'The methodology stamp of a day\'s score (composite or one engine): surface (api, product or mixed), engines and the model versions their providers reported, answers, samples per prompt, prompts per intent, cadence, simulated share, metric version, and whether it is decision-grade or exploratory, with every failed rule.',
  },
  {
    name: 'get_model_versions', title: 'Model versions over time', operationId: 'getModelVersions', annotations: read,
    description: 'The model versions each engine\'s provider named with its answers, day by day, and the days they changed (a possible cause of a change in the figures).',
  },
  {
    name: 'list_engine_changes', title: 'Engine changes flagged by the canaries', operationId: 'listEngineChanges', annotations: read,
    description: 'Likely engine (model) updates the service\'s canary prompts flagged, newest first, with what moved (answer length, citations, list shape, model version). A significant move in the figures within 2 days of one may be the engine\'s, not the brand\'s.',
  },
  {
    name: 'get_fanout_queries', title: 'Fan-out queries', operationId: 'getSourcesFanout', annotations: read,
    description: 'What the engines searched for: per prompt and engine, each fan-out query and how often it recurs across answers (k of n with a 95% interval); per surface (api or product), simulated data labelled.',
  },
  {
    name: 'get_source_domains', title: 'Retrieved and cited domains', operationId: 'getSourcesDomains', annotations: read,
    description: 'Per surface and domain: answers that retrieved it, that cited it, and the citation rate given retrieval, with its class (owned, competitor, earned_media, user_generated, reference, social, other).',
  },
  {
    name: 'get_source_gaps', title: 'Competitor-only fan-out queries', operationId: 'getSourcesGaps', annotations: read,
    description: 'Fan-out queries on which a competitor’s page was retrieved and the brand’s was not, with the competitor URLs and the answers as evidence.',
  },
  {
    name: 'list_traffic_agent_days', title: 'AI crawler and agent hits per day', operationId: 'listTrafficAgentDays', annotations: read,
    description: 'From the access logs sent: per day, AI agent (GPTBot, ClaudeBot, PerplexityBot, …) and verification, the hits by status class (2xx/3xx/4xx/5xx) and bytes, with the agent\'s operator and purpose (training, search_index, user_fetch). `verified`: from the operator\'s published addresses; `claimed`: only the user agent says so (never add it to verified). from/to default to the last 30 days. An empty list: no log sent for those days.',
  },
  {
    name: 'list_traffic_pages', title: 'Pages AI agents fetched', operationId: 'listTrafficPages', annotations: read,
    description: 'Per page and AI agent (verified and claimed apart): last fetched, hits and errors since the first fetch, error rate, last status and hits per day; most recently fetched first. Filter by agent id or folder (e.g. /blog/).',
  },
  {
    name: 'list_traffic_referrals', title: 'Visits referred by AI answers', operationId: 'listTrafficReferrals', annotations: read,
    description: 'Visits whose referrer is an AI answer engine (chatgpt.com, perplexity.ai, gemini.google.com, copilot.microsoft.com, claude.ai, …), per day, engine and landing page, from the access logs sent. from/to default to the last 30 days.',
  },
  {
    name: 'get_traffic_chain', title: 'Crawled → retrieved → cited → visited, per page', operationId: 'getTrafficChain', annotations: read,
    description: 'Per page and engine: verified fetches by the engine\'s crawlers (access logs), answers that retrieved and cited the page (k of n with a 95% interval), AI-referred visits (logs and GA4), and the weakest link in a sentence (e.g. "PerplexityBot gets 403 on /pricing"). Filter by engine, path or weakest link.',
  },
  {
    name: 'get_traffic_robots', title: 'robots.txt per AI agent beside what it fetched', operationId: 'getTrafficRobots', annotations: read,
    description: 'For every AI crawler and agent: robots.txt\'s verdict per evaluated page beside its verified and claimed fetches, its fetches of robots.txt and llms.txt, and a finding (blocked, fetched while blocked, fetch errors, allowed but never fetched).',
  },
  {
    name: 'list_traffic_unfetched_pages', title: 'Pages no AI crawler fetched', operationId: 'listTrafficUnfetchedPages', annotations: read,
    description: 'Known pages (evaluated, in the sitemap, read in answers, AI-referred) that no AI agent fetched from its operator\'s published addresses; fetches by unverified user agents are shown apart.',
  },
  {
    name: 'list_traffic_ga4_referrals', title: 'GA4 sessions from AI answers', operationId: 'listTrafficAnalyticsReferrals', annotations: read,
    description: 'GA4 sessions and key events from AI answer engines per day, engine and landing page, as of the last SEO refresh (syncedAt null: never read).',
  },
  {
    name: 'list_runs', title: 'List runs', operationId: 'listRuns', annotations: read,
    description: 'Measurement runs, newest first, with status and progress.',
  },
  {
    name: 'get_run_status', title: 'Run status', operationId: 'getRun', annotations: read,
    description: 'One run’s status and progress (completed and total calls, percent, recent log lines).',
  },
  {
    name: 'get_run_detail', title: 'Run detail', operationId: 'getRunDetail', annotations: read,
    description: 'A run’s results grouped by engine: brand mentions, citations, sentiment and every prompt’s result; for an adaptive run, `sampling.cells` says which prompt × engine cells got extra samples, why, and their interval before and after.',
  },
  {
    name: 'search_answers', title: 'Search what the engines said', operationId: 'listAnswers', annotations: read,
    description: 'Stored answers, whole, newest first, a page at a time (limit up to 100; pass nextCursor as cursor for the next page). Filters: runId, promptId, engine, surface (api or product), from/to (a day or an ISO time), mentions (brand, none, or an entity id such as competitor:0), cited (a domain), sentiment (the brand\'s label). q searches the text in each answer\'s language with stems ("platforms" finds "platform"); words, "quoted phrases", OR and -word. Each answer carries the tracked names with UTF-16 offsets into text, its sources (cited: false for retrieved only), fan-out queries, the tone toward the brand with evidence, and the methodology stamp of its run and engine.',
  },
  {
    name: 'get_answer', title: 'One answer and what changed', operationId: 'getAnswer', annotations: read,
    description: 'One stored answer by id (as search_answers or get_run_detail give it), the same prompt\'s previous answer on the same engine, and what changed: tracked names that entered or left, cited domains gained or lost, the brand\'s tone before and after.',
  },
  {
    name: 'get_sentiment_judge', title: 'Sentiment: lexicon against the model judge', operationId: 'getSentimentJudge', annotations: read,
    description: 'For one run, every answer that mentions the brand with the lexicon’s sentiment label beside the model judge’s label and rationale (when the judge was run), and their agreement: percent, Cohen’s kappa with n, and the 4×4 confusion matrix. The judge itself is started over HTTP (quote, then start).',
  },
  {
    name: 'start_run', title: 'Start a measurement run', operationId: 'startRun', metered: true,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    description: 'Starts a measurement run (preset smoke, lite, standard or searchx) that asks the answer engines and spends credits. With sampling {mode: adaptive, targetWidth?, maxExtraMicrousd?} a first pass is followed by extra samples only on prompt × engine cells whose interval straddles an alert or recommendation threshold or is wider than targetWidth; the quote is then the worst case (first pass plus the ceiling), and only calls made are charged. Called without quoteId it only answers a quote (calls, micro-USD, balance after, expiry); call it again with the same arguments and that quoteId to start the run. Follow it with get_run_status.',
  },
  {
    name: 'cancel_run', title: 'Cancel a run', operationId: 'cancelRun',
    // Stops paid work for good (the hold settles for the calls made); cancelling twice is 409 invalid_state.
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    description: 'Cancels a running measurement run: the worker stops at once and the credit hold is settled for the calls made. A finished run is refused (409 invalid_state).',
  },
  {
    name: 'list_recommendations', title: 'List recommendations', operationId: 'listRecommendations', annotations: read,
    description: 'Recommendations grouped by status (proposed, todo, in_review, done, archived) with evidence and priority scores. Each item\'s title, why, priorityLabel and evidence are in the workspace\'s language, as the dashboard\'s board says them; the proposed ones are said first, one a line.',
    // The board's words (the API's human-text fields), never a type or metric key.
    say: (r) => {
      const items = Array.isArray(r.proposed) ? (r.proposed as Array<{ title?: unknown; priorityLabel?: unknown }>) : [];
      return items.length ? items.slice(0, 10).map((i) => `${String(i.priorityLabel ?? '')}: ${String(i.title ?? '')}`).join('\n') : null;
    },
  },
  {
    name: 'get_recommendation', title: 'Recommendation detail', operationId: 'getRecommendation', annotations: read,
    description: 'One recommendation with its history, drafts and measured effect. Once done, the effect compares its target prompts with the workspace\'s other prompts on the same engines and days (difference-in-differences with a 95% interval, `comparison: holdout`), or before/after with the reason; `effect.summary`, said first, reads e.g. "effect: +6.2 points (2.1–10.3), vs. holdout" or how many more days it needs. The effect’s sentences (`summary`, `explanation`, `comparisonReason`) are in the workspace’s language, like the title.',
    // The summary is written by the shared formatter in the API: the same numbers as the card and reports.
    // The card's face (title, priority as a word, one sentence of why) in the workspace's language, then the effect.
    say: (r) => {
      const e = r.effect as { summary?: unknown } | undefined;
      const face = typeof r.title === 'string' ? [`${r.title} (${String(r.priorityLabel ?? '')})`, String(r.why ?? '')] : [];
      return [...face, ...(typeof e?.summary === 'string' ? [e.summary] : [])].filter(Boolean).join('\n') || null;
    },
  },
  {
    name: 'transition_recommendation', title: 'Move a recommendation', operationId: 'transitionRecommendation',
    // Every action has an inverse (reopen, restore) and the idempotencyKey replays the first answer.
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    description: 'Applies one workflow action (accept, decline, submit, verify, request_changes, stale_reopen, archive, reopen, restore) given the status and state_version last read; a stale pair is refused (409 stale_state). The same idempotencyKey replays the first answer.',
  },
  {
    name: 'get_seo_dashboard', title: 'SEO dashboard', operationId: 'getSeoDashboard', annotations: read,
    description: 'SEO score, combined SEO+GEO score, components, insights and technical checks from the latest refresh.',
  },
  {
    name: 'list_page_evaluations', title: 'Page evaluations', operationId: 'listPageEvaluations', annotations: read,
    description: 'The latest page evaluations: Lighthouse scores and metrics and the nine checks, newest first.',
  },
  {
    name: 'start_page_evaluation', title: 'Evaluate a page', operationId: 'startPageEvaluation', metered: true,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    description: 'Evaluates a public page (Lighthouse and the nine checks) in a background job. Called without quoteId it only answers a quote; call it again with the same arguments and that quoteId to start. Read the outcome with list_page_evaluations.',
  },
  {
    name: 'create_report', title: 'Make a report', operationId: 'createReport',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    description: 'Makes a client report now (type visibility_summary, competitor_comparison, citation_sources, recommendations_progress or seo_technical_status; optional from/to days, engines, language en/es/ca/fr). Answers the report queued; its figures are those of get_score, get_scoreboard and get_timeseries for the same period. Free: no credits.',
  },
  {
    name: 'list_prompts', title: 'Prompts', operationId: 'listPrompts', annotations: read,
    description: 'The workspace’s prompts (the questions runs ask), filterable by intent and active flag, paginated.',
  },
  {
    name: 'get_credit_balance', title: 'Credit balance', operationId: 'getCreditBalance', annotations: read,
    description: 'Posted, held and available credits in micro-USD (1,000,000 = 1 USD).',
  },
];
