import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import type { ProviderName } from './modules/engines/provider-name.ts';
import { parseEngineLimits, type EngineLimitsConfig } from './modules/engines/limits/limits.config.ts';
import { DEFAULT_CANARY_PROMPTS, type CanaryConfig } from './modules/canaries/canary-set.ts';
import { ALL_ENGINE_IDS, DEFAULT_PRICING, ENGINE_IDS, OPTIONAL_ENGINE_IDS, PROVIDERS, isOptionalEngine, type EngineId, type OptionalEngineId, type ProviderConfig } from './modules/engines/catalogue.ts';
import type { PipelineConfig } from './modules/runs/runs.config.ts';
import type { MailConfig } from './modules/email/email.config.ts';
import type { PaymentsConfig } from './modules/billing/billing.config.ts';
import type { SeoConfig } from './modules/pages/pages.config.ts';
import { trimTrailingSlashes } from './lib/text/trim.ts';
import type { FetchConfig } from './lib/safe-fetch/safe-fetch.ts';

// The only reader of process.env. Everything else receives a typed, validated Config.

export type GeoEnv = 'local' | 'test' | 'production';

export interface Secrets {
  sessionSecret: string;
  keyHashSecret: string;
  /** 32 bytes for AES-256-GCM. */
  credentialsKey: Buffer;
}

export interface Config {
  env: GeoEnv;
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The PostgreSQL server itself, for the session that listens for other processes' writes, when DATABASE_URL goes through a transaction pooler. */
  databaseListenUrl: string | undefined;
  publicBaseUrl: string;
  /** Proxy addresses or CIDR ranges whose X-Forwarded-For is believed; undefined trusts none. */
  trustProxy: string[] | undefined;
  /**
   * Resolvers for the reverse-DNS verification of AI crawler hits (TRAFFIC_DNS): a list of
   * `ip[:port]`, empty for the system's, null for none (the default under GEO_ENV=test).
   */
  trafficDns: string[] | null;
  logLevel: string;
  /** Log lines for a person (pino-pretty) rather than JSON: see prettyLogs. Absent: JSON. */
  logPretty?: boolean;
  /** `METRICS_TOKEN`: the Bearer token `/metrics` answers to; without it `/metrics` is 404. */
  metricsToken?: string;
  defaultModel: string;
  emailProvider: 'none' | 'agentmail';
  mail: MailConfig;
  providers: Record<ProviderName, ProviderConfig>;
  payments: PaymentsConfig;
  /** Sign-up and sign-in attempts per client address per 10 minutes. */
  authAttemptsPer10Min: number;
  pipeline: PipelineConfig;
  /**
   * GEO_FIGURES_AFTER_RUN (`on`/`off`): the overview's figures are made and stored as soon as a
   * run's snapshots commit (src/modules/scores/bodies.ts `overview`). On by default, off under
   * GEO_ENV=test (a test that wants it says so); absent, as in a config made by hand: off.
   */
  figuresAfterRun?: boolean;
  secrets: Secrets;
  /**
   * GEO_SIMULATION: whether an engine without a provider key runs simulated. Unset (as in test
   * configs built by hand) means the environment's default: on in local and test, off in production.
   */
  simulation?: 'enabled' | 'disabled';
  /** Outbound fetches of user-given addresses (src/lib/safe-fetch); absent means the strict defaults. */
  fetch?: FetchConfig;
  /** Page evaluation and the SEO refresh (src/modules/pages, src/modules/seo); absent means defaults. */
  seo?: SeoConfig;
  /** Chat stream settings (optional so that hand-made configs may leave them to the defaults). */
  chat?: { heartbeatMs: number; simulatedTokenMs: number };
  /** GEO_SENTIMENT_JUDGE_PRICE_MICROUSD: the model judge's price per judged answer (docs/analysis.md); absent means 2,000. */
  sentimentJudge?: { priceMicrousd: number };
  /** Real engines' provider limits, retries, circuit and prices (docs/engines.md); absent means the defaults. */
  engineLimits?: EngineLimitsConfig;
  /**
   * GEO_OPTIONAL_ENGINES: the optional engines the operator turns on (docs/sources.md). An optional
   * engine runs only when listed here and its provider is configured; absent or empty means none,
   * so a provider key alone (SerpAPI's serves google-aio too) never adds calls or cost to a run.
   */
  optionalEngines?: OptionalEngineId[];
  /** Outbound webhook delivery (src/modules/webhooks); absent means the defaults (6 attempts from 30 s, 10 s timeout). */
  webhooks?: { maxAttempts: number; retryBaseMs: number; timeoutMs: number; disableAfter: number };
  /** Canary prompts (docs/monitoring.md): the service's own daily asks that detect engine changes; absent means off. */
  canaries?: CanaryConfig;
}










export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n- ${problems.join('\n- ')}`);
    this.name = 'ConfigError';
  }
}

const SECRET_VARS = {
  sessionSecret: 'SESSION_SECRET',
  keyHashSecret: 'KEY_HASH_SECRET',
  credentialsKey: 'CREDENTIALS_KEY',
} as const;
type SecretName = keyof typeof SECRET_VARS;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * Human-readable log lines only for a person watching a terminal in development; JSON lines for
 * everything else (a pipe, a file, a log collector, CI, production), which tools read.
 */
export function prettyLogs(at: { stdoutIsTty: boolean; geoEnv: string; nodeEnv: string | undefined }): boolean {
  return at.stdoutIsTty && at.geoEnv !== 'production' && at.nodeEnv !== 'production';
}

/** TRAFFIC_DNS: `off`, `system`, or resolvers as `ip`, `ip:port`, `[ipv6]` or `[ipv6]:port`, comma-separated. */
export function dnsServers(value: string, problems: string[]): string[] | null {
  if (value === 'off') return null;
  if (value === 'system') return [];
  const servers = value.split(',').map((s) => s.trim()).filter(Boolean);
  for (const server of servers) {
    const m = /^(?:\[([^\]]+)\]|([^:]+))(?::(\d{1,5}))?$/.exec(server);
    const ip = m?.[1] ?? m?.[2];
    const port = m?.[3] === undefined ? 53 : Number(m[3]);
    if (!ip || !ipaddr.isValid(ip) || (m?.[2] && ip.includes(':')) || port < 1 || port > 65535) {
      problems.push(`TRAFFIC_DNS must be off, system, or resolvers as ip[:port] or [ipv6][:port], comma-separated (got "${server}")`);
    }
  }
  if (!servers.length) problems.push('TRAFFIC_DNS must be off, system, or a list of resolvers');
  return servers;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, stdoutIsTty = process.stdout.isTTY === true): Config {
  const problems: string[] = [];
  const geoEnv = (env.GEO_ENV ?? 'local') as GeoEnv;
  if (!['local', 'test', 'production'].includes(geoEnv)) problems.push(`GEO_ENV must be local, test or production (got "${env.GEO_ENV}")`);

  const host = env.HOST ?? '127.0.0.1';
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push(`PORT must be an integer 0-65535 (got "${env.PORT}")`);

  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) problems.push('DATABASE_URL must start with postgres:// or postgresql://');
  const databaseListenUrl = env.DATABASE_LISTEN_URL || undefined;
  if (databaseListenUrl && !/^postgres(ql)?:\/\//.test(databaseListenUrl)) problems.push('DATABASE_LISTEN_URL must start with postgres:// or postgresql://');
  if (databaseListenUrl && !databaseUrl) problems.push('DATABASE_LISTEN_URL needs DATABASE_URL: the embedded database is one process and has nothing to listen to');

  const publicBaseUrl = trimTrailingSlashes(env.PUBLIC_BASE_URL ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`);
  try {
    const url = new URL(publicBaseUrl);
    if (!['http:', 'https:'].includes(url.protocol)) throw new Error('protocol');
  } catch {
    problems.push(`PUBLIC_BASE_URL must be an http(s) URL (got "${publicBaseUrl}")`);
  }

  const metricsToken = env.METRICS_TOKEN || undefined;
  if (metricsToken && metricsToken.length < 16) problems.push('METRICS_TOKEN must be at least 16 characters');
  const logLevel = env.LOG_LEVEL ?? (geoEnv === 'test' ? 'silent' : 'info');
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  const emailProvider = (env.EMAIL_PROVIDER ?? 'none') as 'none' | 'agentmail';
  if (emailProvider !== 'none' && emailProvider !== 'agentmail') problems.push(`EMAIL_PROVIDER "${env.EMAIL_PROVIDER}" is not supported; use "none" or "agentmail"`);
  if (emailProvider === 'agentmail' && !env.AGENTMAIL_API_KEY) problems.push('EMAIL_PROVIDER=agentmail needs AGENTMAIL_API_KEY');
  const agentmailUrl = trimTrailingSlashes(env.AGENTMAIL_BASE_URL || 'https://api.agentmail.to');
  if (!/^https?:\/\/[^\s]+$/.test(agentmailUrl)) problems.push('AGENTMAIL_BASE_URL must be an http(s) URL');
  const smtpUrl = env.SMTP_URL || undefined;
  if (smtpUrl && !/^smtps?:\/\/[^\s]+$/.test(smtpUrl)) problems.push('SMTP_URL must be smtp://… or smtps://…');

  const trustProxy = env.TRUST_PROXY ? env.TRUST_PROXY.split(',').map((s) => s.trim()).filter(Boolean) : undefined;
  for (const entry of trustProxy ?? []) {
    if (!ipaddr.isValid(entry) && !ipaddr.isValidCIDR(entry)) problems.push(`TRUST_PROXY entries must be IP addresses or CIDR ranges (got "${entry}")`);
  }

  const trafficDns = dnsServers(env.TRAFFIC_DNS ?? (geoEnv === 'test' ? 'off' : 'system'), problems);

  const providers = {} as Record<ProviderName, ProviderConfig>;
  for (const [name, spec] of Object.entries(PROVIDERS) as [ProviderName, (typeof PROVIDERS)[ProviderName]][]) {
    const baseUrl = trimTrailingSlashes(env[spec.urlVar] || spec.defaultUrl);
    if ((baseUrl || spec.defaultUrl) && !/^https?:\/\/[^\s]+$/.test(baseUrl)) problems.push(`${spec.urlVar} must be an http(s) URL`);
    const model = spec.modelVar ? env[spec.modelVar]?.trim() || undefined : undefined;
    const key = spec.passwordVar
      ? (spec.keyVar && env[spec.keyVar] && env[spec.passwordVar] ? `${env[spec.keyVar]}:${env[spec.passwordVar]}` : undefined)
      : (spec.keyVar && env[spec.keyVar]) || undefined;
    providers[name] = { apiKey: key, baseUrl, ...(spec.modelVar ? { model } : {}) };
  }

  const mockSentinel = env.PAYMENT_MOCK_SENTINEL;
  if (mockSentinel !== undefined && mockSentinel !== '' && mockSentinel !== 'enabled') problems.push('PAYMENT_MOCK_SENTINEL is either "enabled" or unset');
  if (mockSentinel === 'enabled' && geoEnv === 'production') problems.push('PAYMENT_MOCK_SENTINEL=enabled is refused in production: the mock checkout grants credits without payment');
  const stripeSecretKey = env.STRIPE_SECRET_KEY || undefined;
  if (stripeSecretKey && !/^(sk|rk)_(test|live)_\S+$/.test(stripeSecretKey)) problems.push('STRIPE_SECRET_KEY must look like sk_test_… or sk_live_…');
  const stripeApiUrl = env.STRIPE_API_URL || undefined;
  if (stripeApiUrl && !/^https?:\/\/[^/\s]+$/.test(stripeApiUrl)) problems.push('STRIPE_API_URL must be scheme://host[:port]');
  const payments: PaymentsConfig = {
    mode: stripeSecretKey ? 'processor' : mockSentinel === 'enabled' ? 'mock' : 'none',
    stripeSecretKey, stripeApiUrl, webhookSecret: env.PAYMENT_WEBHOOK_SECRET || undefined,
  };

  const authAttemptsPer10Min = Number(env.AUTH_RATE_LIMIT ?? 30);
  if (!Number.isInteger(authAttemptsPer10Min) || authAttemptsPer10Min < 1) problems.push('AUTH_RATE_LIMIT must be a positive integer');

  const intIn = (name: string, fallback: number, min: number, max: number) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isInteger(value) || value < min || value > max) problems.push(`${name} must be an integer ${min}-${max} (got "${env[name]}")`);
    return value;
  };
  let pricing = { ...DEFAULT_PRICING };
  if (env.GEO_PRICING) {
    try {
      const given = JSON.parse(env.GEO_PRICING) as Record<string, unknown>;
      for (const [engine, price] of Object.entries(given)) {
        if (!(ALL_ENGINE_IDS as readonly string[]).includes(engine) || !Number.isSafeInteger(price) || (price as number) < 0) throw new Error(engine);
      }
      pricing = { ...pricing, ...(given as Record<EngineId, number>) };
    } catch (err) {
      problems.push(`GEO_PRICING must be JSON {engine: micro-USD per call} over ${ALL_ENGINE_IDS.join(', ')} (${(err as Error).message})`);
    }
  }
  const searchEngine = (env.GEO_SEARCHX_ENGINE ?? 'google-aio') as EngineId;
  if (!(ENGINE_IDS as readonly string[]).includes(searchEngine)) problems.push(`GEO_SEARCHX_ENGINE must be one of ${ENGINE_IDS.join(', ')}`);
  const workers = (env.GEO_WORKERS ?? 'embedded') as 'embedded' | 'off';
  if (workers !== 'embedded' && workers !== 'off') problems.push('GEO_WORKERS must be embedded or off');
  const inboxRetryBaseMs = intIn('EMAIL_RETRY_BASE_MS', 500, 0, 60_000);
  const pipeline: PipelineConfig = {
    maxJobs: intIn('GEO_MAX_PIPELINE_JOBS', 4, 1, 32),
    simulatedLatencyMs: intIn('GEO_SIMULATED_LATENCY_MS', 200, 0, 60_000),
    pricing, searchEngine, standardEngineCap: intIn('GEO_STANDARD_ENGINE_CAP', 120, 1, 150), workers,
    ...simulatedDaySettings(env, geoEnv, problems),
  };

  const figuresAfterRun = env.GEO_FIGURES_AFTER_RUN ?? (geoEnv === 'test' ? 'off' : 'on');
  if (figuresAfterRun !== 'on' && figuresAfterRun !== 'off') problems.push(`GEO_FIGURES_AFTER_RUN must be on or off (got "${figuresAfterRun}")`);

  const simulation = (env.GEO_SIMULATION || (geoEnv === 'production' ? 'disabled' : 'enabled')) as 'enabled' | 'disabled';
  if (simulation !== 'enabled' && simulation !== 'disabled') problems.push(`GEO_SIMULATION must be enabled or disabled (got "${env.GEO_SIMULATION}")`);
  const allowPrivate = env.GEO_FETCH_ALLOW_PRIVATE === '1';
  if (env.GEO_FETCH_ALLOW_PRIVATE && !['0', '1'].includes(env.GEO_FETCH_ALLOW_PRIVATE)) problems.push('GEO_FETCH_ALLOW_PRIVATE is 1 or unset');
  if (allowPrivate && geoEnv === 'production') problems.push('GEO_FETCH_ALLOW_PRIVATE=1 is refused in production: user-given addresses could then reach private networks');
  const googleApiRootUrl = env.GOOGLE_API_ROOT_URL ? `${trimTrailingSlashes(env.GOOGLE_API_ROOT_URL)}/` : null;
  if (googleApiRootUrl && !/^https?:\/\/[^\s]+$/.test(googleApiRootUrl)) problems.push('GOOGLE_API_ROOT_URL must be an http(s) URL');
  const seo: SeoConfig = {
    chromePath: env.CHROME_PATH || '/usr/bin/chromium',
    samplePages: intIn('GEO_SEO_SAMPLE_PAGES', 4, 0, 20),
    pagePriceMicrousd: intIn('GEO_SEO_PAGE_PRICE', 20_000, 0, 10_000_000),
    googleCallPriceMicrousd: intIn('GEO_SEO_GOOGLE_CALL_PRICE', 2_000, 0, 10_000_000),
    googleApiRootUrl,
    loadTimeoutMs: intIn('GEO_PAGE_LOAD_TIMEOUT_MS', 30_000, 1_000, 300_000),
    auditTimeoutMs: intIn('GEO_AUDIT_TIMEOUT_MS', 90_000, 5_000, 600_000),
  };
  const webhooks = {
    maxAttempts: intIn('GEO_WEBHOOK_MAX_ATTEMPTS', 6, 1, 20), retryBaseMs: intIn('GEO_WEBHOOK_RETRY_BASE_MS', 30_000, 10, 3_600_000),
    timeoutMs: intIn('GEO_WEBHOOK_TIMEOUT_MS', 10_000, 100, 60_000), disableAfter: intIn('GEO_WEBHOOK_DISABLE_AFTER', 20, 1, 1_000),
  };
  const engineLimits = parseEngineLimits(env, problems);
  const optionalEngines = (env.GEO_OPTIONAL_ENGINES ?? '').split(',').map((e) => e.trim()).filter(Boolean);
  const unknownOptional = optionalEngines.filter((e) => !isOptionalEngine(e));
  if (unknownOptional.length) problems.push(`GEO_OPTIONAL_ENGINES lists optional engines among ${OPTIONAL_ENGINE_IDS.join(', ')}, comma-separated (got "${unknownOptional.join(', ')}")`);
  const chat = { heartbeatMs: intIn('GEO_CHAT_HEARTBEAT_MS', 10_000, 50, 60_000), simulatedTokenMs: intIn('GEO_CHAT_SIMULATED_TOKEN_MS', 15, 0, 1_000) };

  const canaries = parseCanaries(env, problems, intIn);
  const sentimentJudge = { priceMicrousd: intIn('GEO_SENTIMENT_JUDGE_PRICE_MICROUSD', 2_000, 0, 1_000_000) };

  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const given: Partial<Record<SecretName, string>> = {};
  for (const [name, variable] of Object.entries(SECRET_VARS) as [SecretName, string][]) {
    const value = env[variable];
    if (value) given[name] = value;
    else if (geoEnv === 'production') problems.push(`${variable} is required in production`);
  }
  if (problems.length) throw new ConfigError(problems);

  const raw = geoEnv === 'production' ? (given as Record<SecretName, string>) : withGeneratedSecrets(dataDir, given);
  const secrets = parseSecrets(raw, problems);
  if (problems.length) throw new ConfigError(problems);

  return {
    env: geoEnv,
    host,
    port,
    dataDir,
    databaseUrl,
    databaseListenUrl,
    publicBaseUrl,
    trustProxy,
    trafficDns,
    logLevel,
    logPretty: prettyLogs({ stdoutIsTty, geoEnv, nodeEnv: env.NODE_ENV }),
    metricsToken,
    defaultModel: env.GEO_DEFAULT_MODEL ?? 'openai:gpt-4.1-mini',
    emailProvider,
    mail: {
      smtpUrl, from: env.MAIL_FROM || `GEO <no-reply@${new URL(publicBaseUrl).hostname}>`,
      agentmail: emailProvider === 'agentmail' ? { apiKey: env.AGENTMAIL_API_KEY!, baseUrl: agentmailUrl, domain: env.AGENTMAIL_DOMAIN || undefined } : undefined,
      inboxRetryBaseMs,
    },
    providers,
    payments,
    authAttemptsPer10Min,
    pipeline,
    figuresAfterRun: figuresAfterRun === 'on',
    secrets: secrets!,
    simulation,
    fetch: { allowPrivate, allowOrigins: [] },
    seo,
    chat,
    sentimentJudge,
    webhooks,
    engineLimits,
    optionalEngines: [...new Set(optionalEngines)] as OptionalEngineId[],
    canaries,
  };
}

/** The test-only settings that pin the simulated engines' day; a production server refuses them. */
function simulatedDaySettings(env: Record<string, string | undefined>, geoEnv: GeoEnv, problems: string[]): Pick<PipelineConfig, 'simulatedDay' | 'simulatedDayLog'> {
  const day = env.GEO_SIMULATED_DAY || undefined;
  const log = env.GEO_SIMULATED_DAY_LOG || undefined;
  if (day && !isCalendarDay(day)) problems.push(`GEO_SIMULATED_DAY must be a day as YYYY-MM-DD (got "${day}")`);
  for (const [name, value] of [['GEO_SIMULATED_DAY', day], ['GEO_SIMULATED_DAY_LOG', log]] as const) {
    if (value && geoEnv === 'production') problems.push(`${name} is refused in production: it is a test setting, and real engines answer on the real day`);
  }
  return { ...(day ? { simulatedDay: day } : {}), ...(log ? { simulatedDayLog: log } : {}) };
}

/** A real calendar day written YYYY-MM-DD (2028-02-29 is one, 2027-02-29 is not). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Canaries are on by default (a few calls a day, paid by the operator); GEO_CANARY_PROMPTS is a JSON array of 1-20 prompts. */
function parseCanaries(env: Record<string, string | undefined>, problems: string[], intIn: (name: string, fallback: number, min: number, max: number) => number): CanaryConfig {
  const state = env.GEO_CANARIES ?? 'enabled';
  if (state !== 'enabled' && state !== 'disabled') problems.push(`GEO_CANARIES must be enabled or disabled (got "${state}")`);
  let prompts: string[] = [...DEFAULT_CANARY_PROMPTS];
  if (env.GEO_CANARY_PROMPTS) {
    try {
      const given = JSON.parse(env.GEO_CANARY_PROMPTS) as unknown;
      if (!Array.isArray(given) || given.length < 1 || given.length > 20 || !given.every((p) => typeof p === 'string' && p.trim().length >= 3 && p.length <= 500)) throw new Error('bad');
      prompts = [...new Set(given.map((p: string) => p.trim()))];
    } catch {
      problems.push('GEO_CANARY_PROMPTS must be a JSON array of 1-20 prompts (3-500 characters each)');
    }
  }
  return { enabled: state === 'enabled', prompts, samples: intIn('GEO_CANARY_SAMPLES', 2, 1, 5) };
}

function parseSecrets(raw: Record<SecretName, string>, problems: string[]): Secrets | undefined {
  for (const name of ['sessionSecret', 'keyHashSecret'] as const) {
    if (raw[name].length < 32) problems.push(`${SECRET_VARS[name]} must be at least 32 characters`);
  }
  const key = decodeKey(raw.credentialsKey);
  if (!key) problems.push('CREDENTIALS_KEY must be 32 bytes, given as 64 hex characters or base64');
  return key ? { sessionSecret: raw.sessionSecret, keyHashSecret: raw.keyHashSecret, credentialsKey: key } : undefined;
}

function decodeKey(value: string): Buffer | undefined {
  const bytes = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  return bytes.length === 32 ? bytes : undefined;
}

// Local and test mode: a secret not given in the environment is generated once and kept in
// DATA_DIR/secrets.json, so that sessions, keys and stored credentials survive a restart.
function withGeneratedSecrets(dataDir: string, given: Partial<Record<SecretName, string>>): Record<SecretName, string> {
  const file = path.join(dataDir, 'secrets.json');
  let stored: Partial<Record<SecretName, string>> = {};
  try {
    stored = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw new ConfigError([`cannot read ${file}: ${(err as Error).message}`]);
  }
  let changed = false;
  for (const name of Object.keys(SECRET_VARS) as SecretName[]) {
    if (!stored[name]) {
      stored[name] = randomBytes(32).toString(name === 'credentialsKey' ? 'hex' : 'base64url');
      changed = true;
    }
  }
  if (changed) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  return { ...(stored as Record<SecretName, string>), ...given };
}
