import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import type { Config } from './config.ts';
import type { Database } from './lib/db.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { newId } from './lib/ids.ts';
import { hmacSha256Hex, PASSWORD_SCRYPT, type ScryptParams } from './lib/crypto.ts';
import { registerAuth } from './lib/http/auth.ts';
import { applyRouteConventions } from './lib/http/conventions.ts';
import { frameworkErrorReply, registerErrorHandling } from './lib/http/error-handler.ts';
import { nulPath, validatorCompiler } from './lib/http/validation.ts';
import { AppError } from './lib/errors.ts';
import { loggerOptions } from './lib/http/log.ts';
import { registerSecurityHeaders } from './lib/http/security-headers.ts';
import { registerLogContext } from './lib/http/log-context.ts';
import { createMetrics } from './modules/metrics/metrics.service.ts';
import { metricsRoutes } from './modules/metrics/metrics.routes.ts';
import './lib/http/types.ts';
import { createAccountsRepo } from './modules/accounts/accounts.repo.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { createEmailService, createLogMailer, inboxProviderOf, type InboxProvider, type Mailer } from './modules/email/email.service.ts';
import { createAgentMailProvider } from './modules/email/agentmail.ts';
import { createSmtpMailer } from './modules/email/smtp.ts';
import { emailRoutes } from './modules/email/email.routes.ts';
import { createWorkspacesRepo } from './modules/workspaces/workspaces.repo.ts';
import { createWorkspacesService } from './modules/workspaces/workspaces.service.ts';
import { workspacesRoutes } from './modules/workspaces/workspaces.routes.ts';
import { workspaceProposalRoutes } from './modules/onboarding/proposal.routes.ts';
import { createWorkspaceProposals } from './modules/onboarding/proposal.service.ts';
import { createKeysService } from './modules/access/keys.service.ts';
import { keysRoutes } from './modules/access/keys.routes.ts';
import { createDeviceService } from './modules/access/device.service.ts';
import { deviceRoutes } from './modules/access/device.routes.ts';
import { selfRevokeRoutes } from './modules/access/self-revoke.routes.ts';
import { createSetupTokensService } from './modules/access/setup-tokens.service.ts';
import { setupRoutes } from './modules/access/setup.routes.ts';
import { createRateLimiter } from './lib/rate-limit/rate-limit.ts';
import { createConnectionsService } from './modules/connections/connections.service.ts';
import { connectionsRoutes } from './modules/connections/connections.routes.ts';
import { createTeamService } from './modules/team/team.service.ts';
import { teamRoutes } from './modules/team/team.routes.ts';
import { devicePageRoutes } from './web/device/device.page.ts';
import { createCreditsService } from './modules/credits/credits.service.ts';
import { creditsRoutes } from './modules/credits/credits.routes.ts';
import { createBillingService, stripeClient } from './modules/billing/billing.service.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { checkoutPageRoutes } from './web/checkout/checkout.page.ts';
import { dashboardRoutes } from './web/dashboard/dashboard.page.ts';
import type Stripe from 'stripe';
import { createPromptsService } from './modules/prompts/prompts.service.ts';
import { createPromptGeneration } from './modules/prompts/generation.ts';
import { promptsRoutes } from './modules/prompts/prompts.routes.ts';
import { proposalsRoutes } from './modules/prompts/proposals.routes.ts';
import { createProposals } from './modules/prompts/proposals.service.ts';
import { createSiteReader } from './modules/prompts/site.service.ts';
import { createJobQueue } from './modules/jobs/jobs.queue.ts';
import { createJobsService } from './modules/jobs/jobs.service.ts';
import { jobsRoutes } from './modules/jobs/jobs.routes.ts';
import { createEngines } from './modules/engines/engines.service.ts';
import type { SimulatedShift } from './modules/engines/simulated.fns.ts';
import { createModelResolver } from './modules/engines/model-resolver.ts';
import { createRunsService } from './modules/runs/runs.service.ts';
import { runsRoutes } from './modules/runs/runs.routes.ts';
import { createScoresService } from './modules/scores/scores.service.ts';
import { scoresRoutes } from './modules/scores/scores.routes.ts';
import { createProfileService } from './modules/profile/profile.service.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { createDesignService } from './modules/profile/design.service.ts';
import { designRoutes } from './modules/profile/design.routes.ts';
import { createResearchService } from './modules/research/research.service.ts';
import { researchRoutes } from './modules/research/research.routes.ts';
import { realModel, serpApi, simulatedModel, simulatedSerp } from './modules/research/research.providers.ts';
import { createReportsService } from './modules/reports/reports.service.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { createPdfRenderer } from './modules/reports/pdf.ts';
import { createDeliveryService } from './modules/report-delivery/delivery.service.ts';
import { deliveryRoutes } from './modules/report-delivery/delivery.routes.ts';
import { createPortfolioService } from './modules/portfolio/portfolio.service.ts';
import { createPortfolioDeliveryService } from './modules/report-delivery/portfolio-delivery.service.ts';
import { portfolioRoutes } from './modules/portfolio/portfolio.routes.ts';
import { portfolioDeliveryRoutes } from './modules/report-delivery/portfolio-delivery.routes.ts';
import { existsSync } from 'node:fs';
import { healthRoutes } from './modules/health/health.routes.ts';
import { API_VERSION, docsRoutes, registerOpenApi } from './modules/docs/docs.routes.ts';
import { fetcherFromConfig, type SafeFetcher } from './lib/safe-fetch/safe-fetch.ts';
import { createPagesService, DEFAULT_SEO_CONFIG } from './modules/pages/pages.service.ts';
import { pagesRoutes } from './modules/pages/pages.routes.ts';
import { createSeoService } from './modules/seo/seo.service.ts';
import { seoRoutes } from './modules/seo/seo.routes.ts';
import { createRunReads } from './modules/runs/runs.reads.ts';
import { createSourcesService } from './modules/sources/sources.service.ts';
import { methodologyRoutes } from './modules/scores/methodology.routes.ts';
import { createStamps } from './modules/scores/stamps.ts';
import { definitionsRoutes } from './modules/scores/definitions.routes.ts';
import { createRederivation } from './modules/scores/rederive.ts';
import { sourcesRoutes } from './modules/sources/sources.routes.ts';
import { answersModule } from './modules/answers/answers.module.ts';
import { createMeasure } from './modules/recs/measure.ts';
import { createRecsService } from './modules/recs/recs.service.ts';
import { createHoldout } from './modules/recs/holdout.ts';
import { createRecsGeneration } from './modules/recs/generation.ts';
import { createDrafts } from './modules/recs/drafts.ts';
import { recsRoutes } from './modules/recs/recs.routes.ts';
import { judgeRoutes } from './modules/judge/judge.routes.ts';
import { createJudgeService } from './modules/judge/judge.service.ts';
import { DEFAULT_JUDGE_PRICE_MICROUSD } from './modules/judge/judge.fns.ts';
import type { SeoSignalsSource } from './modules/recs/recs.types.ts';
import { createSeoSignals, recIdsByTopic } from './modules/recs/seo-signals.ts';
import { profileFromWorkspace } from './modules/analysis/profile.fns.ts';
import { createChatService } from './modules/chat/chat.service.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { createEventHub, type DomainEvent, type EventFaults, type EventHub } from './modules/events/events.hub.ts';
import { createTimers } from './modules/jobs/jobs.timers.ts';
import type { RetryPolicy } from './modules/jobs/jobs.kinds.ts';
import { createSchedulesService } from './modules/schedules/schedules.service.ts';
import { createCanariesService } from './modules/canaries/canaries.service.ts';
import { canariesRoutes } from './modules/canaries/canaries.routes.ts';
import { schedulesRoutes } from './modules/schedules/schedules.routes.ts';
import { createAlertsService } from './modules/alerts/alerts.service.ts';
import { alertsRoutes } from './modules/alerts/alerts.routes.ts';
import { setupWebhooks } from './modules/webhooks/webhooks.module.ts';
import { createMcpCore } from './modules/mcp/mcp.server.ts';
import { createQuotes } from './modules/mcp/mcp.quotes.ts';
import { mcpRoutes } from './modules/mcp/mcp.routes.ts';
import { createDrainsService } from './modules/traffic-ingest/drains.service.ts';
import type { SpoolDeadlines } from './modules/traffic-ingest/spool-gate.fns.ts';
import { drainsRoutes } from './modules/traffic-ingest/drains.routes.ts';
import { createTrafficService } from './modules/traffic-ingest/ingest.service.ts';
import { createTrafficViews } from './modules/traffic/traffic.views.ts';
import { trafficRoutes } from './modules/traffic/traffic.routes.ts';
import { uploadsRoutes } from './modules/traffic-ingest/uploads.routes.ts';
import { AGENT_DATA } from './modules/traffic/classify.fns.ts';
import { createGa4Referrals } from './modules/traffic/ga4.ts';
import { createCrawlReads } from './modules/traffic/crawl.reads.ts';
import { createTrafficReportReads } from './modules/traffic/report.reads.ts';
import { logsReceived as trafficLogsReceived } from './modules/traffic-ingest/uploads.reads.ts';
import { createSiteViews } from './modules/traffic/site.views.ts';
import { siteRoutes } from './modules/traffic/site.routes.ts';

export const BODY_LIMIT = 1024 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    maintenance: { sweep(): Promise<void>; sweepJobs(): Promise<number>; relayEvents(): Promise<number>; tickSchedules(): Promise<{ started: number; skipped: number }>; pollBatches(now?: Date): Promise<number>; tickReportDeliveries(): Promise<number>; tickPortfolioDeliveries(): Promise<number> };
    /** Domain events published after commits; alerts and outbound webhooks subscribe. */
    events: EventHub;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Replaces the log mailer (tests read the verification token from it). */
  mailer?: Mailer;
  inboxProvider?: InboxProvider | null;
  /** Replaces the Stripe client made from the configuration. */
  stripe?: Stripe | null;
  logger?: FastifyBaseLogger | boolean | object;
  /** Replaces the SEO module's signals for the recommendations' lanes (tests). */
  seoSignals?: SeoSignalsSource;
  /** Replaces the safe fetcher made from the configuration (tests: one allowed loopback origin). */
  fetcher?: SafeFetcher;
  /**
   * Runs the time-driven tasks (sweeps, the schedules' tick) as pg-boss timers in this process:
   * servers and workers do; tests leave it off and call `app.maintenance` with their clock.
   */
  timers?: boolean;
  /** Replaces the retry policies of job kinds (JOB_RETRIES; tests shorten the delays). */
  jobRetries?: Partial<Record<string, RetryPolicy>>;
  /** Tests only: fault injection in the event hub (a process killed between commit and publish); refused unless GEO_ENV=test. */
  faults?: EventFaults;
  /** Tests only: a cheaper scrypt cost for new password hashes; refused unless GEO_ENV=test. */
  passwordScrypt?: ScryptParams;
  /** Tests only: the simulated engines change their answers' shape from a day on (a silent model update); refused unless GEO_ENV=test. */
  simulatedShift?: SimulatedShift;
  /** Scheduled report mail attaches PDFs up to this size (10 MB) and links larger ones; tests lower it. */
  reportAttachLimitBytes?: number;
  /** How long an unverified drain push may take to arrive (SPOOL_DEADLINES); tests shorten it. */
  spoolDeadlines?: SpoolDeadlines;
}

/** Password hashing cost: the OWASP floor, lowered only by tests (GEO_ENV=test), never in production. */
export function passwordHashing(config: Config, requested: ScryptParams | undefined): ScryptParams {
  if (!requested) return PASSWORD_SCRYPT;
  if (config.env !== 'test') throw new Error('passwordScrypt may only lower the password hashing cost when GEO_ENV=test');
  return requested;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config),
    genReqId: () => newId('req'),
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy ?? false,
    // Bad URLs and similar faults found before routing still answer in the envelope.
    frameworkErrors: frameworkErrorReply,
    ajv: { customOptions: { removeAdditional: false } },
  });
  app.setValidatorCompiler(validatorCompiler);
  // JSON only: a text/plain body would otherwise reach the validators as a string.
  app.removeContentTypeParser('text/plain');
  registerErrorHandling(app);
  registerLogContext(app);
  registerSecurityHeaders(app);
  // No input may reach the database with a NUL character: refused up front, naming the field.
  app.addHook('preValidation', async (request) => {
    const where = nulPath(request.params, 'params') ?? nulPath(request.query, 'querystring') ?? nulPath(request.body, 'body');
    if (where) throw new AppError('invalid_request', `${where} must not contain the NUL character (U+0000)`);
  });
  applyRouteConventions(app);
  await registerOpenApi(app, { publicBaseUrl: config.publicBaseUrl });
  await app.register(cookie, { secret: config.secrets.sessionSecret });

  const { db } = database;
  if (deps.faults && config.env !== 'test') throw new Error('faults (fault injection) may only be set when GEO_ENV=test');
  const events = createEventHub({ db: database.db, clock, log: app.log, faults: deps.faults });
  app.decorate('events', events);
  // Prometheus: latency by route pattern (bounded labels), and /metrics behind METRICS_TOKEN.
  const metrics = createMetrics({ db });
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeHttp(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
  });
  metricsRoutes(app, { metrics, token: config.metricsToken });
  const smtp = !deps.mailer && config.mail?.smtpUrl ? createSmtpMailer({ url: config.mail.smtpUrl, from: config.mail.from }) : null;
  if (smtp) app.addHook('onClose', async () => smtp.close());
  const mailer = deps.mailer ?? smtp ?? createLogMailer(app.log, config.env !== 'production');
  const configuredInboxes = config.mail?.agentmail ? inboxProviderOf(createAgentMailProvider(config.mail.agentmail)) : null;
  const email = createEmailService({ db, inboxProvider: deps.inboxProvider === undefined ? configuredInboxes : deps.inboxProvider, log: app.log, retryBaseMs: config.mail?.inboxRetryBaseMs });
  // credits.low crosses the workspace's credits_low alert thresholds (alerts is made further down).
  const credits = createCreditsService({ db, clock, events, metrics: metrics.recorder, lowThresholds: (tx, workspaceId) => alerts.creditThresholds(tx, workspaceId) });
  const accounts = createAccountsService({
    repo: createAccountsRepo(db), clock, mailer, onMailError: (err) => app.log.error({ err }, 'verification mail failed'), publicBaseUrl: config.publicBaseUrl,
    passwordParams: passwordHashing(config, deps.passwordScrypt),
    // A free grant held back for an unverified email goes to the user's first workspace now (once).
    onVerified: async (tx, userId) => {
      const first = await workspaces.firstCreatedBy(tx, userId);
      if (first) await credits.grantFreeOnce(tx, userId, first.id);
    },
  });
  const prompts = createPromptsService({ db, clock });
  const workspacesRepo = createWorkspacesRepo(db);
  const workspaces = createWorkspacesService({
    repo: workspacesRepo, email, clock, defaultModel: config.defaultModel,
    hooks: {
      // A new workspace gets its owner's free grant (once per user; in production only with a
      // verified email, to keep free credit from being farmed) and a free template prompt set.
      onCreate: async (tx, workspace, userId) => {
        const freeCredit = await credits.freeGrantOnCreate(tx, {
          userId, workspaceId: workspace.id,
          emailVerified: config.env !== 'production' || (await accounts.emailVerifiedIn(tx, userId)),
          isFirstWorkspace: (await workspaces.firstCreatedBy(tx, userId))?.id === workspace.id,
        });
        await prompts.seedTemplates(tx, workspace);
        return { freeCredit };
      },
    },
  });
  const connections = createConnectionsService({ db, clock, credentialsKey: config.secrets.credentialsKey, providers: config.providers, workspaces });
  // Which model writes for a workspace (its own or the default, its key before the server's): one resolver.
  const models = createModelResolver({ defaultModel: config.defaultModel, providers: config.providers, resolveKey: (workspaceId, connector) => connections.resolveKey(workspaceId, connector as never) });
  const limiter = createRateLimiter({ db, clock });
  const team = createTeamService({ db, clock, mailer, accounts, workspaces, publicBaseUrl: config.publicBaseUrl });
  const keys = createKeysService({ db, clock, keyHashSecret: config.secrets.keyHashSecret, credentialsKey: config.secrets.credentialsKey });

  registerAuth(app, {
    publicBaseUrl: config.publicBaseUrl,
    findSession: (token) => accounts.findSession(token),
    verifyApiKey: (secret, request) => keys.verify(secret, request.ip),
    findWorkspace: (slug, principal) => workspaces.findForPrincipal(slug, principal),
  });

  healthRoutes(app, { version: API_VERSION, ping: database.ping });
  await docsRoutes(app);
  accountsRoutes(app, { accounts, secureCookies: config.env === 'production', limiter, attemptsPer10Min: config.authAttemptsPer10Min });
  workspacesRoutes(app, { workspaces });
  keysRoutes(app, { keys });
  selfRevokeRoutes(app, { keys }); // `geo logout` revokes its own key
  deviceRoutes(app, { device: createDeviceService({ db, clock, keys, workspaces, limiter, publicBaseUrl: config.publicBaseUrl, keyHashSecret: config.secrets.keyHashSecret }) });
  setupRoutes(app, { setupTokens: createSetupTokensService({ db, clock, keys, workspaces, keyHashSecret: config.secrets.keyHashSecret }), publicBaseUrl: config.publicBaseUrl });
  connectionsRoutes(app, { connections });
  teamRoutes(app, { team });
  emailRoutes(app, { email, workspaces });
  const profile = createProfileService({ db, clock, workspaces, limiter, publicBaseUrl: config.publicBaseUrl });
  await profileRoutes(app, { profile });
  creditsRoutes(app, { credits, mockTopUpAllowed: config.env !== 'production' && config.payments.mode !== 'processor', checkoutAvailable: config.payments.mode !== 'none' });
  const billing = createBillingService({
    db, clock, credits, limiter, payments: config.payments, publicBaseUrl: config.publicBaseUrl, stripe: deps.stripe ?? stripeClient(config.payments),
  });
  billingRoutes(app, { billing });
  checkoutPageRoutes(app, { billing, mockEnabled: config.payments.mode === 'mock', webhookSecret: config.payments.webhookSecret });
  devicePageRoutes(app);
  dashboardRoutes(app, { findSession: (token) => accounts.findSession(token) });

  const queue = createJobQueue(database, app.log, undefined, { cron: deps.timers ?? false, retries: deps.jobRetries });
  await queue.start();
  const timers = createTimers({ queue, log: app.log });
  const jobs = createJobsService({ db, clock, credits, queue, maxJobs: config.pipeline.maxJobs, dataDir: config.dataDir, log: app.log, metrics: metrics.recorder });
  app.addHook('onClose', async () => {
    timers.stop();
    await jobs.stop();
    await queue.stop();
  });
  if (deps.simulatedShift && config.env !== 'test') throw new Error('simulatedShift is for tests only (GEO_ENV=test)');
  const engines = createEngines({ config, clock, db, metrics: metrics.recorder, resolveKey: (workspaceId, connector) => connections.resolveKey(workspaceId, connector as never), simulatedShift: deps.simulatedShift });
  // Canary prompts: the service's own daily asks that flag engine changes (docs/monitoring.md).
  const canaries = createCanariesService({ db, clock, engines, config: config.canaries, log: app.log });
  canariesRoutes(app, { canaries });
  const scores = createScoresService({ db, clock, workspaces, canaries });
  // One Chromium setting (CHROME_PATH → config.seo.chromePath) for Lighthouse and report PDFs.
  const chromePath = (config.seo ?? DEFAULT_SEO_CONFIG).chromePath;
  const pdf = existsSync(chromePath) ? createPdfRenderer({ chromePath }) : null;
  if (pdf) app.addHook('onClose', () => pdf.close());
  // recs, seo, pages and sources are made further down; the reports read them only when a report is read.
  const reports = createReportsService({
    db, clock, scores, pdf, jobs, workspaces,
    sources: {
      recs: () => recs, seo: () => seo, pages: () => pages, sourceClasses: () => sources, stamp: (ws, from, to) => stamps.ofPeriod(ws, from, to), icon: (ws) => profile.getIcon(ws).then((icon) => icon.png, () => null),
      // Created further down (after the routes that need the reports service); read only when a report is built.
      traffic: () => ({ agentsDaily: trafficViews.agentsDaily, referrals: trafficViews.referrals, ...trafficReport }),
    },
    mail: { mailer, workspaces, publicBaseUrl: config.publicBaseUrl, onError: (err) => app.log.error({ err }, 'weekly report mail failed') } });
  const runs = createRunsService({
    db, clock, jobs, prompts, engines, workspaces, pipeline: config.pipeline, events, log: app.log,
    // Read when a run's adaptive rounds start, long after both services below exist.
    decisions: { visibilityRules: (id) => alerts.visibilityRules(id), effectTests: (id) => recs.effectTests(id) },
    // The run's score snapshots and its reports commit together with its `succeeded`; the
    // significant moves of the score are published as `score.changed` once that has committed.
    onSucceeded: async (workspaceId, runId, answered) => {
      const write = await scores.prepareRun(workspaceId, runId, answered);
      const simulated = [...new Set(answered.filter((a) => a.simulated).map((a) => a.engine))].sort();
      return async (tx) => {
        const moves = await write(tx);
        await reports.afterRun(tx, workspaceId, runId, simulated);
        const changed: DomainEvent[] = [];
        for (const data of moves) changed.push(await events.record(tx, { type: 'score.changed', workspaceId, data: { ...data } }));
        return () => events.deliver(changed);
      };
    },
  });
  const generation = createPromptGeneration({
    jobs, prompts, workspaceRow: (ws) => workspaces.getRow(ws),
    modelFor: async (ws, row) => (await models.model(ws.id, row))?.model ?? null,
  });
  jobsRoutes(app, { jobs });
  runsRoutes(app, { runs });
  // The methodology stamp of every figure (docs/methodology.md): from the answers' traces (the
  // sources module, made below: called at request time) and the prompts' intents.
  const stamps = createStamps({
    clock, scores, answers: (ws, scope) => sources.stampAnswers(ws, scope), answersMark: (workspaceId, period) => sources.answersMark(workspaceId, period),
    intents: async (workspaceId, ids) => (await prompts.byIds(workspaceId, ids)).map((p) => ({ id: p.id, intent: p.intent })),
  });
  scoresRoutes(app, { scores, stamps });
  promptsRoutes(app, { prompts, generation });
  const fetcher = deps.fetcher ?? fetcherFromConfig(config);
  if (!deps.fetcher) app.addHook('onClose', async () => fetcher.close());
  const pages = createPagesService({ db, clock, jobs, fetcher, seo: config.seo ?? DEFAULT_SEO_CONFIG });
  // Design extraction and icon refresh read the workspace's site through the same safe fetcher.
  designRoutes(app, { design: createDesignService({ workspaces, profile, fetcher, clock }) });
  // The proposal step of a first workspace: the site through the same fetcher, competitors from the simulated engine (free).
  workspaceProposalRoutes(app, {
    limiter,
    proposals: createWorkspaceProposals({ fetcher, engine: simulatedModel([]), slugTaken: async (slug) => (await workspacesRepo.idBySlug(slug)) !== null }),
  });
  pagesRoutes(app, { pages });
  // GA4's AI referrals are read by the SEO refresh (it holds the Google credential) into the traffic module's table.
  const ga4Referrals = createGa4Referrals({ db, clock, referrers: AGENT_DATA.referrers });
  const seo = createSeoService({
    db, clock, jobs, pages, connections, workspaces, scores, seo: config.seo ?? DEFAULT_SEO_CONFIG, googleTokenUrl: config.providers.google.baseUrl,
    aiReferrals: ga4Referrals,
    // A failed check links to the recommendation of its check (topic `check:<code>`).
    async recommendationIds(workspaceId, refs) {
      const topicOf = (ref: string) => `check:${ref.split('#')[1] ?? ''}`;
      const byTopic = await recIdsByTopic(db, workspaceId, [...new Set(refs.map(topicOf))]);
      return Object.fromEntries(refs.map((ref) => [ref, byTopic[topicOf(ref)] ?? []]));
    },
  });
  const seoSignals = deps.seoSignals ?? createSeoSignals({ signals: (id) => seo.signals(id), countByJob: pages.countByJob, latestRows: pages.latestRows });
  seoRoutes(app, { seo });
  // Recommendations: the workspace's model (null without a provider key) writes items and drafts.
  const recsModel = async (ws: { id: string }) => models.model(ws.id, await workspaces.getRow(ws));
  const runReads = createRunReads(db);
  // Metric definitions, and re-derivation of snapshots from the stored answers (docs/methodology.md).
  definitionsRoutes(app, { rederivation: createRederivation({ db, clock, jobs, workspaces, reads: runReads }) });
  // What the engines searched and read, per answer, and its views.
  const sources = createSourcesService({ db, clock, runReads, prompts, workspaces });
  sourcesRoutes(app, { sources, engines, stamps });
  await answersModule({ db, workspaces, stamps }).http(app);
  // The methodology stamp of a score (docs/methodology.md), from the answers' traces and the prompts' intents.
  methodologyRoutes(app, { stamps });
  // Access logs' crawl errors: recommendation items and their effect (docs/traffic.md).
  const crawl = createCrawlReads({ db, agents: AGENT_DATA.agents });
  const measure = createMeasure({ runReads, seoSignals, crawl });
  const recs = createRecsService({ db, clock, measure, holdout: createHoldout({ runReads }) });
  recsRoutes(app, {
    recs,
    generation: createRecsGeneration({
      db, clock, jobs, runReads, seoSignals, sourceGaps: sources, crawl, events, modelFor: recsModel,
      async facts(workspaceId) {
        const row = await workspaces.getRow({ id: workspaceId });
        return { name: row.displayName, aliases: profileFromWorkspace(row).brand.aliases, complianceProfile: row.complianceProfile };
      },
    }),
    drafts: createDrafts({
      db, clock, credits, modelFor: recsModel,
      async brandOf(ws) {
        const row = await workspaces.getRow(ws);
        return { name: row.displayName, competitors: row.competitors.map((c) => c.name) };
      },
    }),
  });
  // The model judge of brand sentiment (docs/analysis.md, "Model judge"): the recommendations' model resolution.
  const judge = createJudgeService({
    db, clock, jobs, credits, runReads, modelFor: recsModel, brandOf: async (ws) => (await workspaces.getRow(ws)).displayName,
    priceMicrousd: config.sentimentJudge?.priceMicrousd ?? DEFAULT_JUDGE_PRICE_MICROUSD,
  });
  judgeRoutes(app, { judge });
  // Chat tools over the modules' services (chat.tools.ts).
  const chat = createChatService({
    db, clock, credits, workspaces, models, settings: config.chat, log: app.log,
    tools: { scores, runs, prompts, credits, recs, seo },
  });
  chatRoutes(app, { chat });
  const research = createResearchService({
    db, clock, jobs, prompts, workspaces,
    async providersFor(ws, row) {
      const model = (await models.model(ws.id, row))?.model ?? null;
      const serpKey = (await connections.resolveKey(ws.id, 'serpapi' as never)) ?? config.providers.serpapi.apiKey ?? null;
      const known = [row.displayName, ...row.competitors.map((c) => c.name)];
      return { model: model ? realModel(model) : simulatedModel(known), serp: serpKey ? serpApi(serpKey, config.providers.serpapi) : simulatedSerp() };
    },
  });
  researchRoutes(app, { research });
  // Prompt proposals from the site (same safe fetcher, read once a day per workspace), Search Console, recent answers and research.
  proposalsRoutes(app, {
    prompts, languagesOf: async (ws) => (await workspaces.getRow(ws)).languages,
    proposals: createProposals({
      clock, prompts, credits, limiter, site: createSiteReader({ db, clock, fetcher }), workspaceRow: (ws) => workspaces.getRow(ws),
      searchQueries: (ws) => seo.searchQueries(ws),
      async recentAnswers(workspaceId) {
        const window = await runReads.window(workspaceId);
        return window ? runReads.answers(window.runIds, 4000) : [];
      },
      searchedQueries: (ws) => sources.searched(ws),
      researchQuestions: (workspaceId) => research.questions(workspaceId),
      modelFor: recsModel,
      embedderFor: (ws, row) => models.embedder(ws.id, row),
    }),
  });
  reportsRoutes(app, { reports });
  // AI traffic from access logs (docs/traffic.md).
  const traffic = createTrafficService({ db, clock, jobs, dataDir: config.dataDir, dnsServers: config.trafficDns });
  const trafficViews = createTrafficViews({ db, clock, classifier: traffic.classifier });
  const logsReceived = (workspaceId: string) => trafficLogsReceived(db, workspaceId);
  const trafficReport = createTrafficReportReads({ db, clock, agents: traffic.classifier.agents, logsReceived });
  trafficRoutes(app, { views: trafficViews });
  await uploadsRoutes(app, { traffic });
  await siteRoutes(app, {
    site: createSiteViews({
      db, classifier: traffic.classifier, ga4: ga4Referrals, range: trafficViews.range, logsReceived,
      sources: { evaluations: pages.latestRows, ownedPaths: (ws) => sources.ownedPaths(ws) },
    }),
    stamps,
  });
  // Measurement schedules, and the time-driven tasks a fleet runs once per due time.
  const schedules = createSchedulesService({ db, clock, runs, workspaces, events, log: app.log, canaries });
  schedulesRoutes(app, { schedules });
  // Log drains push into the traffic ingestion with a signing secret of their own (docs/traffic.md).
  await drainsRoutes(app, { drains: createDrainsService({ db, clock, credentialsKey: config.secrets.credentialsKey, traffic, workspaces, spoolDeadlines: deps.spoolDeadlines }) });
  timers.declare({ name: 'jobs_sweep', everySeconds: 10, run: () => jobs.sweep() }); // dead workers failed within DEAD_AFTER_MS + ~10 s
  timers.declare({ name: 'maintenance_sweep', cron: '* * * * *', run: () => app.maintenance.sweep() });
  // Offered on the minute by every process as well (jobs.timers.ts): due runs start ~0.3 s after their time.
  timers.declare({ name: 'schedules_tick', cron: '* * * * *', onTheMinute: true, run: () => schedules.tick() });
  // Provider batches of non-urgent runs (runs/batches.ts): each batch is read at its own backoff; a pass only reads what is due.
  timers.declare({ name: 'run_batches_poll', everySeconds: 15, run: () => runs.pollBatches() });
  const alerts = createAlertsService({ db, clock, events, queue, workspaces, accounts, mailer, publicBaseUrl: config.publicBaseUrl, log: app.log, canaries });
  events.subscribe((event) => alerts.onEvent(event));
  alertsRoutes(app, { alerts });
  if (config.pipeline.workers === 'embedded') await alerts.startWorkers();
  // Scheduled report mail (docs/reports.md): the minute's maintenance sweep finds due slots.
  const delivery = createDeliveryService({
    db, clock, queue, reports, workspaces, log: app.log, mailer: deps.mailer ?? smtp, publicBaseUrl: config.publicBaseUrl,
    secret: hmacSha256Hex(config.secrets.sessionSecret, 'report-delivery-links'), attachLimitBytes: deps.reportAttachLimitBytes,
  });
  // The agency portfolio (every workspace a person reaches), on request and on their own mail schedule.
  const portfolio = createPortfolioService({ clock, reports, workspaces, pdf });
  const portfolioDelivery = createPortfolioDeliveryService({
    db, clock, queue, portfolio, log: app.log, mailer: deps.mailer ?? smtp, publicBaseUrl: config.publicBaseUrl,
    secret: hmacSha256Hex(config.secrets.sessionSecret, 'report-delivery-links'), attachLimitBytes: deps.reportAttachLimitBytes,
  });
  deliveryRoutes(app, { delivery, portfolioDelivery });
  portfolioRoutes(app, { portfolio });
  portfolioDeliveryRoutes(app, { portfolioDelivery });
  if (config.pipeline.workers === 'embedded') await Promise.all([delivery.startWorkers(), portfolioDelivery.startWorkers()]);
  // Outbound webhooks: public events become signed deliveries through the safe fetcher (pg-boss, with backoff).
  const webhooks = await setupWebhooks(app, {
    db, clock, fetcher, queue, credentialsKey: config.secrets.credentialsKey, policy: config.webhooks,
    requireHttps: config.env === 'production', workJobs: config.pipeline.workers === 'embedded',
  });
  // MCP (docs/mcp.md): tools carried out through the routes above; metered ones quote first.
  const mcpQuotes = createQuotes({ db, clock });
  mcpRoutes(app, {
    core: createMcpCore({
      app, quotes: mcpQuotes,
      availableMicrousd: async (ws) => (await credits.balance(ws)).availableMicrousd,
      estimators: {
        start_run: async (ws, args) => {
          const plan = await runs.plan(ws, args as { preset: 'smoke' });
          return { calls: plan.totalCalls, amountMicrousd: plan.estimateMicrousd };
        },
        // A page evaluation holds no credits today; it still quotes, so an agent confirms it.
        start_page_evaluation: async (_ws, args) => (pages.checkUrl(String(args.url)), { calls: 1, amountMicrousd: 0 }),
      },
    }),
    verifyApiKey: (secret, ip) => keys.verify(secret, ip),
    slugOf: async (workspaceId) => (await workspaces.getRow({ id: workspaceId })).slug,
  });
  if (config.pipeline.workers === 'embedded') await jobs.startWorkers(config.pipeline.maxJobs);

  app.decorate('maintenance', {
    /** Time-driven clean-up: timers run it every minute (jobs every 10 seconds) once per fleet. */
    sweepJobs: () => jobs.sweep(),
    relayEvents: () => events.relay(),
    tickSchedules: () => schedules.tick(),
    pollBatches: (now) => runs.pollBatches(now),
    tickReportDeliveries: () => delivery.tick(),
    tickPortfolioDeliveries: () => portfolioDelivery.tick(),
    async sweep() {
      await events.relay();
      await jobs.sweep();
      await keys.sweep();
      await reports.upgradeStoredTexts();
      await credits.sweep();
      await limiter.sweep();
      await traffic.sweep();
      await reports.sweepWeekly();
      await delivery.tick();
      await portfolioDelivery.tick();
      await mcpQuotes.sweep();
      await judge.sweepQuotes();
      await webhooks.sweepStale();
      await webhooks.sweepUnqueued();
    },
  });

  if (deps.timers) await timers.start();
  await app.ready();
  return app;
}
