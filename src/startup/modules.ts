import type { Clock } from '../lib/clock.ts';
import type { ScryptParams } from '../lib/crypto.ts';
import type { RateLimiter } from '../lib/rate-limit/rate-limit.ts';
import type { SafeFetcher } from '../lib/safe-fetch/safe-fetch.ts';
import type { WorkspaceContext } from '../lib/http/types.ts';
import type { EventHub } from '../modules/events/events.hub.ts';
import { metricsModule } from '../modules/metrics/metrics.module.ts';
import { emailModule } from '../modules/email/email.module.ts';
import { workspacesModule } from '../modules/workspaces/workspaces.module.ts';
import { accountsModule } from '../modules/accounts/accounts.module.ts';
import { creditsModule } from '../modules/credits/credits.module.ts';
import { connectionsModule } from '../modules/connections/connections.module.ts';
import { enginesModule } from '../modules/engines/engines.module.ts';
import { teamModule } from '../modules/team/team.module.ts';
import { accessModule } from '../modules/access/access.module.ts';
import { profileModule } from '../modules/profile/profile.module.ts';
import { billingModule } from '../modules/billing/billing.module.ts';
import { stripeClient } from '../modules/billing/billing.service.ts';
import { jobsModule } from '../modules/jobs/jobs.module.ts';
import { canariesModule } from '../modules/canaries/canaries.module.ts';
import { scoresModule } from '../modules/scores/scores.module.ts';
import { createStoredReads } from '../modules/scores/stored-reads.ts';
import { reportsModule } from '../modules/reports/reports.module.ts';
import { runsModule } from '../modules/runs/runs.module.ts';
import { promptsWithHistory } from '../modules/runs/runs.reads.ts';
import { promptsModule } from '../modules/prompts/prompts.module.ts';
import { pagesModule } from '../modules/pages/pages.module.ts';
import { DEFAULT_SEO_CONFIG } from '../modules/pages/pages.service.ts';
import { onboardingModule } from '../modules/onboarding/onboarding.module.ts';
import { seoModule } from '../modules/seo/seo.module.ts';
import { sourcesModule } from '../modules/sources/sources.module.ts';
import { answersModule } from '../modules/answers/answers.module.ts';
import { recsModule } from '../modules/recs/recs.module.ts';
import { recIdsByTopic } from '../modules/recs/seo-signals.ts';
import { readerLanguage } from '../modules/recs/texts.fns.ts';
import { judgeModule } from '../modules/judge/judge.module.ts';
import { DEFAULT_JUDGE_PRICE_MICROUSD } from '../modules/judge/judge.fns.ts';
import { chatModule } from '../modules/chat/chat.module.ts';
import { researchModule } from '../modules/research/research.module.ts';
import { realModel, serpApi, simulatedModel, simulatedSerp } from '../modules/research/research.providers.ts';
import { trafficModule } from '../modules/traffic/traffic.module.ts';
import { trafficIngestModule } from '../modules/traffic-ingest/traffic-ingest.module.ts';
import { logsReceived } from '../modules/traffic-ingest/uploads.reads.ts';
import { schedulesModule } from '../modules/schedules/schedules.module.ts';
import { alertsModule } from '../modules/alerts/alerts.module.ts';
import { reportDeliveryModule } from '../modules/report-delivery/report-delivery.module.ts';
import { portfolioModule } from '../modules/portfolio/portfolio.module.ts';
import { demoModule } from '../modules/demo/demo.module.ts';
import { webhooksModule } from '../modules/webhooks/webhooks.module.ts';
import { mcpModule } from '../modules/mcp/mcp.module.ts';
import { oauthModule } from '../modules/oauth/oauth.module.ts';
import { healthModule } from '../modules/health/health.module.ts';
import { docsModule } from '../modules/docs/docs.module.ts';
import { API_VERSION } from '../modules/docs/docs.routes.ts';
import { profileFromWorkspace } from '../modules/analysis/profile.fns.ts';
import type { ServiceDeps } from './service-deps.ts';
import { createReadsCache, keptScope, notKept, type KeepRead } from '../lib/reads-cache.ts';
import { sharedReads } from '../lib/reads-shared.ts';
import type { ModuleParts } from '../lib/module.ts';
import { listenPostgres } from '../lib/db-listen.ts';
import { answersScope } from '../modules/answers/answers.service.ts';
import { afterRunSucceeded } from './run-succeeded.ts';

/** The channel the processes sharing a database tell each other their writes on (src/lib/reads-shared.ts). */
export const READS_CHANNEL = 'geo_reads';
/** The kept reads' scope of credentials: not a workspace id (those start `ws_`). */
const CREDENTIALS_SCOPE = 'credentials';

type Needs = ServiceDeps & { clock: Clock; events: EventHub; limiter: RateLimiter; fetcher: SafeFetcher; passwordParams: ScryptParams };

/**
 * Every module, made in dependency order; each is handed what it needs by name. Where a module
 * needs one made after it (a cycle of use, not of imports: the credits' low-balance thresholds
 * are the alerts' rules, and alerts watch credits), it is handed a function read at request or
 * job time, never during startup.
 */
export async function createModules(deps: Needs) {
  const { config, database, clock, events, limiter, fetcher, log } = deps;
  const { db } = database;
  const { publicBaseUrl } = config;
  const seoConfig = config.seo ?? DEFAULT_SEO_CONFIG;

  // The dashboard's hot reads, kept per workspace and dropped by the writes that change them
  // (src/lib/reads-cache.ts). The embedded database is one process, whose every write drops what
  // it changes, and 60 s bounds what no hook tells (the canaries' flags beside a series).
  // On PostgreSQL with a session that can listen, other processes' writes (a worker's run
  // commit) reach this one as messages (src/lib/reads-shared.ts), so 60 s there too; without one
  // (behind a transaction pooler, no DATABASE_LISTEN_URL) 5 s bounds what another process wrote.
  const shared = database.driver === 'postgres' && database.listenUrl ? database.listenUrl : null;
  const local = createReadsCache({ ttlMs: deps.readsTtlMs ?? (database.driver === 'pglite' || shared ? 60_000 : 5_000) });
  let wasListening: boolean | null = null;
  const sharing = shared ? sharedReads(local, {
    publish: async (message) => void (await database.executeSql('select pg_notify($1, $2)', [READS_CHANNEL, message])),
    listen: (onMessage, onState) => listenPostgres(shared, READS_CHANNEL, onMessage, (listening) => {
      // Said when it changes, not on every retry: while not listening, this process serves no
      // kept figure or credential (every request reads the database), which an operator sees as load.
      if (listening !== wasListening) {
        if (listening) log.info({ channel: READS_CHANNEL }, 'kept reads: listening for the other processes\' writes');
        else log.warn({ channel: READS_CHANNEL }, 'kept reads: the listening session was lost; nothing kept is served until it listens again');
      }
      wasListening = listening;
      onState(listening);
    }),
  }) : null;
  const reads = sharing?.reads ?? local;
  // The credentials every request checks (an API key's row, a session, a workspace by its slug and
  // a person's membership of it), kept
  // only where every write that changes them reaches this process: the embedded database's one
  // process, or a listener (a key revoked by another process is then dropped here within the
  // notification's delivery, and while the listener is down nothing is kept). Without a listener
  // each request reads them, as a revocation must hold at once.
  const credentials = database.driver === 'pglite' || sharing ? keptScope(reads, CREDENTIALS_SCOPE) : notKept;
  /** An edit of a workspace's settings: its scores' and its answers' kept reads are held, then dropped. */
  const modifying = (workspaceId: string) => {
    for (const scope of [workspaceId, answersScope(workspaceId)]) reads.writing(scope);
    return () => { for (const scope of [workspaceId, answersScope(workspaceId)]) reads.settled(scope); };
  };
  /** The answers' kept reads: dropped whenever a batch of answers (and their traces) is written. */
  const keepAnswers: KeepRead = (workspaceId, key, compute) => reads.read(answersScope(workspaceId), key, compute);
  // The slowest figures (series, stamps, model versions, ended runs' counts), kept in the database for the other
  // processes and the next start, with the marks of everything they are computed from besides the
  // snapshots (scores/stored-reads.ts).
  const stored = createStoredReads({
    db, clock,
    marks: [(id) => ws.mark(id), (id) => prompts.prompts.mark(id), (id) => sources.sources.answersWrittenMark(id), () => canaries.canaries.mark()],
    onError: (err) => log.warn({ err }, 'stored figures: not read or not written; computed instead'),
  });
  /** The answers' kept reads that are also stored (model versions, ended runs' counts). */
  const keepStored: KeepRead = (id, key, compute) => keepAnswers(id, key, () => stored.through(id, key, compute));
  const metrics = metricsModule({ db, token: config.metricsToken });
  const email = emailModule({
    db, log, mail: config.mail, showLoggedMail: config.env !== 'production', mailer: deps.mailer, inboxProvider: deps.inboxProvider,
    workspaces: () => workspaces.workspaces,
  });
  const credits = creditsModule({
    db, clock, events, metrics: metrics.metrics.recorder,
    // credits.low crosses the workspace's credits_low alert thresholds.
    lowThresholds: (tx, workspaceId) => alerts.alerts.creditThresholds(tx, workspaceId),
    mockTopUpAllowed: config.env !== 'production' && config.payments.mode !== 'processor', checkoutAvailable: config.payments.mode !== 'none',
    membership: async (slug, userId) => (await workspaces.workspaces.contextsForUser(userId)).find((w) => w.slug === slug) ?? null,
  });
  const workspaces = workspacesModule({
    db, email: email.email, clock, defaultModel: config.defaultModel,
    hooks: {
      // A new workspace gets its owner's free grant (once per user; in production only with a
      // verified email, to keep free credit from being farmed) and a free template prompt set.
      onCreate: async (tx, workspace, userId) => {
        const freeCredit = await credits.credits.freeGrantOnCreate(tx, {
          userId, workspaceId: workspace.id,
          emailVerified: config.env !== 'production' || (await accounts.accounts.emailVerifiedIn(tx, userId)),
          isFirstWorkspace: (await workspaces.workspaces.firstCreatedBy(tx, userId))?.id === workspace.id,
        });
        await prompts.prompts.seedTemplates(tx, workspace);
        return { freeCredit };
      },
      // Settings shows what the chat obeys: the model resolver's one decision (engines are made below).
      modelStatus: (workspaceId, row) => engines.models.status(workspaceId, row),
      onModify: modifying,
    },
    kept: credentials,
  });
  const ws = workspaces.workspaces;
  const accounts = accountsModule({
    db, clock, mailer: email.mailer, publicBaseUrl, passwordParams: deps.passwordParams, kept: credentials,
    onMailError: (err) => log.error({ err }, 'verification mail failed'),
    // A free grant held back for an unverified email goes to the user's first workspace now (once).
    onVerified: async (tx, userId) => {
      const first = await ws.firstCreatedBy(tx, userId);
      if (first) await credits.credits.grantFreeOnce(tx, userId, first.id);
    },
    limiter, secureCookies: config.env === 'production', attemptsPer10Min: config.authAttemptsPer10Min,
  });
  const connections = connectionsModule({ db, clock, credentialsKey: config.secrets.credentialsKey, providers: config.providers, workspaces: ws });
  const resolveKey = (workspaceId: string, connector: string) => connections.connections.resolveKey(workspaceId, connector as never);
  const engines = enginesModule({ config, clock, db, metrics: metrics.metrics.recorder, resolveKey, defaultModel: config.defaultModel, simulatedShift: deps.simulatedShift });
  const { models } = engines;
  // The workspace's model (null without a provider key) writes recommendations, drafts, proposals and judgements.
  const modelFor = async (w: WorkspaceContext) => models.model(w.id, await ws.getRow(w));
  const team = teamModule({ db, clock, mailer: email.mailer, accounts: accounts.accounts, workspaces: ws, publicBaseUrl });
  const access = accessModule({ db, clock, keyHashSecret: config.secrets.keyHashSecret, credentialsKey: config.secrets.credentialsKey, publicBaseUrl, limiter, workspaces: ws, kept: credentials });
  const profile = profileModule({ db, clock, workspaces: ws, limiter, publicBaseUrl, fetcher });
  const billing = billingModule({ db, clock, credits: credits.credits, limiter, payments: config.payments, publicBaseUrl, stripe: deps.stripe ?? stripeClient(config.payments) });
  const jobs = await jobsModule({
    database, clock, credits: credits.credits, maxJobs: config.pipeline.maxJobs, dataDir: config.dataDir, log, metrics: metrics.metrics.recorder,
    cron: deps.timers ?? false, retries: deps.jobRetries,
  });
  const { queue } = jobs;
  const j = jobs.jobs;
  const canaries = canariesModule({ db, clock, engines: engines.engines, config: config.canaries, log });
  const prompts = promptsModule({
    db, clock, jobs: j, fetcher, credits: credits.credits, limiter, workspaceRow: (w) => ws.getRow(w), modelFor,
    withHistory: promptsWithHistory,
    embedderFor: (w, row) => models.embedder(w.id, row),
    searchQueries: (w) => seo.seo.searchQueries(w),
    async recentAnswers(workspaceId) {
      const window = await runs.runReads.window(workspaceId);
      return window ? runs.runReads.answers(window.runIds, 4000) : [];
    },
    searchedQueries: (w) => sources.sources.searched(w),
    researchQuestions: (workspaceId) => research.research.questions(workspaceId),
  });
  const runs = runsModule({
    db, clock, jobs: j, prompts: prompts.prompts, engines: engines.engines, workspaces: ws, pipeline: config.pipeline, events, log,
    // Read when a run's adaptive rounds start, long after both modules exist.
    decisions: { visibilityRules: (id) => alerts.alerts.visibilityRules(id), effectTests: (id) => recs.recs.effectTests(id) },
    onSucceeded: afterRunSucceeded({ events, scores: () => scores.scores, reports: () => reports.reports, onCommitted: (workspaceId) => scores.runCommitted(workspaceId) }),
    answersWritten: (workspaceId) => reads.changed(answersScope(workspaceId)),
    keepAnswersRead: keepAnswers,
    keepCountsRead: keepStored,
  });
  const scores = scoresModule({
    db, clock, workspaces: ws, canaries: canaries.canaries, jobs: j, runReads: runs.runReads, reads,
    // The stamp of every figure: from the answers' traces (sources) and the prompts' intents.
    answers: (w, scope) => sources.sources.stampAnswers(w, scope),
    answersMark: (workspaceId, period) => sources.sources.answersMark(workspaceId, period),
    intents: (workspaceId, ids) => prompts.prompts.intents(workspaceId, ids),
    stored, figuresAfterRun: config.figuresAfterRun ?? false, log,
  });
  const sources = sourcesModule({
    db, clock, runReads: runs.runReads, prompts: prompts.prompts, workspaces: ws, engines: engines.engines, stamps: () => scores.stamps,
    // The model versions: kept here, and stored for the other processes and the next start.
    keepAnswersRead: keepStored,
  });
  const answers = answersModule({ db, clock, workspaces: ws, stamps: scores.stamps, reads });
  const pages = pagesModule({ db, clock, jobs: j, fetcher, seo: seoConfig });
  const onboarding = onboardingModule({ fetcher, limiter, engine: simulatedModel([]), slugTaken: workspaces.slugTaken });
  const research = researchModule({
    db, clock, jobs: j, prompts: prompts.prompts, workspaces: ws,
    async providersFor(w, row) {
      const model = (await models.model(w.id, row))?.model ?? null;
      const serpKey = (await resolveKey(w.id, 'serpapi')) ?? config.providers.serpapi.apiKey ?? null;
      const known = [row.displayName, ...row.competitors.map((c) => c.name)];
      return { model: model ? realModel(model) : simulatedModel(known), serp: serpKey ? serpApi(serpKey, config.providers.serpapi) : simulatedSerp() };
    },
  });
  const traffic = trafficModule({
    db, clock, logsReceived: (workspaceId) => logsReceived(db, workspaceId), stamps: () => scores.stamps,
    siteSources: () => ({ evaluations: pages.pages.latestRows, ownedPaths: (w) => sources.sources.ownedPaths(w) }),
  });
  const ingest = trafficIngestModule({
    db, clock, jobs: j, dataDir: config.dataDir, dnsServers: config.trafficDns, classifier: traffic.classifier,
    credentialsKey: config.secrets.credentialsKey, workspaces: ws, spoolDeadlines: deps.spoolDeadlines,
  });
  const seo = seoModule({
    db, clock, jobs: j, pages: pages.pages, connections: connections.connections, workspaces: ws, scores: scores.scores, seo: seoConfig,
    googleTokenUrl: config.providers.google.baseUrl, aiReferrals: traffic.ga4Referrals,
    // A failed check links to the recommendation of its check (topic `check:<code>`).
    async recommendationIds(workspaceId, refs) {
      const topicOf = (ref: string) => `check:${ref.split('#')[1] ?? ''}`;
      const byTopic = await recIdsByTopic(db, workspaceId, [...new Set(refs.map(topicOf))]);
      return Object.fromEntries(refs.map((ref) => [ref, byTopic[topicOf(ref)] ?? []]));
    },
  });
  const recs = recsModule({
    db, clock, jobs: j, runReads: runs.runReads, credits: credits.credits, events, modelFor,
    seoSignals: deps.seoSignals,
    seoSources: { signals: (id) => seo.seo.signals(id), countByJob: pages.pages.countByJob, latestRows: pages.pages.latestRows },
    sourceGaps: sources.sources, crawl: traffic.crawl,
    async facts(workspaceId) {
      const row = await ws.getRow({ id: workspaceId });
      return { name: row.displayName, aliases: profileFromWorkspace(row).brand.aliases, complianceProfile: row.complianceProfile, language: readerLanguage(row.languages) };
    },
    async brandOf(w) {
      const row = await ws.getRow(w);
      return { name: row.displayName, competitors: row.competitors.map((c) => c.name) };
    },
  });
  const reports = reportsModule({
    db, clock, scores: scores.scores, jobs: j, workspaces: ws, chromePath: seoConfig.chromePath,
    sources: {
      recs: () => recs.recs, seo: () => seo.seo, pages: () => pages.pages, sourceClasses: () => sources.sources,
      stamp: (w, from, to) => scores.stamps.ofPeriod(w, from, to), icon: (w) => profile.profile.getIcon(w).then((icon) => icon.png, () => null),
      traffic: () => ({ agentsDaily: traffic.views.agentsDaily, referrals: traffic.views.referrals, ...traffic.report }),
    },
    mail: { mailer: email.mailer, workspaces: ws, publicBaseUrl, onError: (err) => log.error({ err }, 'weekly report mail failed') },
  });
  const judge = judgeModule({
    db, clock, jobs: j, credits: credits.credits, runReads: runs.runReads, modelFor, brandOf: async (w) => (await ws.getRow(w)).displayName,
    priceMicrousd: config.sentimentJudge?.priceMicrousd ?? DEFAULT_JUDGE_PRICE_MICROUSD,
  });
  const chat = chatModule({
    db, clock, credits: credits.credits, workspaces: ws, models, settings: config.chat, log,
    tools: { scores: scores.scores, runs: runs.runs, prompts: prompts.prompts, credits: credits.credits, recs: recs.recs, seo: seo.seo },
  });
  const schedules = schedulesModule({ db, clock, runs: runs.runs, workspaces: ws, events, log, canaries: canaries.canaries });
  const alerts = alertsModule({ db, clock, events, queue, workspaces: ws, accounts: accounts.accounts, mailer: email.mailer, publicBaseUrl, log, canaries: canaries.canaries });
  const portfolio = portfolioModule({
    clock, reports: reports.reports, workspaces: ws, pdf: reports.pdf,
    personLanguage: async (userId) => (await accounts.accounts.currentUser(userId)).language,
  });
  const demo = demoModule({
    clock, log, workspaces: ws, prompts: prompts.prompts, runs: runs.runs, traffic: ingest.traffic,
    recs: { list: (w) => recs.recs.list(w), transition: (...args) => recs.recs.transition(...args), generate: (id) => recs.generation.geoFromTemplates(id) },
  });
  const delivery = reportDeliveryModule({
    db, clock, queue, reports: reports.reports, workspaces: ws, portfolio: portfolio.portfolio, log, mailer: email.transport, publicBaseUrl,
    sessionSecret: config.secrets.sessionSecret, attachLimitBytes: deps.reportAttachLimitBytes,
  });
  const webhooks = webhooksModule({
    db, clock, fetcher, queue, events, log, credentialsKey: config.secrets.credentialsKey, policy: config.webhooks, requireHttps: config.env === 'production',
  });
  const oauth = oauthModule({
    db, clock, limiter, publicBaseUrl, keyHashSecret: config.secrets.keyHashSecret,
    findSession: (token) => accounts.accounts.findSession(token),
    languageOf: async (userId) => (await accounts.accounts.currentUser(userId)).language,
    verifyApiKey: (secret, ip) => access.keys.verify(secret, ip),
    workspacesOf: async (session) => (await ws.list(session)).map((w) => ({ slug: w.id, displayName: w.displayName })),
    workspaceFor: (session, slug) => ws.findForPrincipal(slug, session),
    isMember: async (userId, workspaceId) => (await ws.contextsForUser(userId)).some((w) => w.id === workspaceId),
  });
  const mcp = mcpModule({
    db, clock,
    availableMicrousd: async (w) => (await credits.credits.balance(w)).availableMicrousd,
    estimators: {
      start_run: async (w, args) => {
        const plan = await runs.runs.plan(w, args as { preset: 'smoke' });
        return { calls: plan.totalCalls, amountMicrousd: plan.estimateMicrousd };
      },
      // A page evaluation holds no credits today; it still quotes, so an agent confirms it.
      start_page_evaluation: async (_w, args) => (pages.pages.checkUrl(String(args.url)), { calls: 1, amountMicrousd: 0 }),
    },
    authenticate: (secret, ip) => oauth.bearers.authenticate(secret, ip),
    challenge: oauth.challenge,
    slugOf: async (workspaceId) => (await ws.getRow({ id: workspaceId })).slug,
  });

  // The order of the routes, the workers and the sweeps; modules close in the reverse order.
  const parts = [
    {
      name: 'reads',
      // An API process takes its first request once it hears the others' writes (or after 5 s,
      // serving uncached meanwhile, as when the session is lost).
      http: (app) => void app.addHook('onReady', async () => sharing?.listening(5_000)),
      close: async () => sharing?.stop(),
    } satisfies ModuleParts,
    metrics, healthModule({ version: API_VERSION, ping: database.ping }), docsModule(), email, credits, workspaces, accounts, connections, engines,
    team, access, profile, billing, jobs, canaries, prompts, runs, scores, sources, answers, pages, onboarding, research, traffic, ingest, seo,
    recs, reports, judge, chat, schedules, alerts, portfolio, demo, delivery, webhooks, oauth, mcp,
  ];
  return {
    parts,
    runner: jobs.runner,
    services: {
      metrics: metrics.metrics, accounts: accounts.accounts, workspaces: ws, keys: access.keys, mcpBearers: oauth.bearers, billing: billing.billing,
      jobs: j, runs: runs.runs, schedules: schedules.schedules, delivery: delivery.delivery, portfolioDelivery: delivery.portfolioDelivery,
    },
  };
}
