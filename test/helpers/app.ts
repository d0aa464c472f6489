import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppDeps } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import type { Database } from '../../src/lib/db.ts';
import type { MailMessage } from '../../src/modules/email/email.service.ts';
import { pgliteFromTemplate, postgresFromTemplate } from './databases.ts';
import { fetcherFromConfig } from '../../src/lib/safe-fetch/safe-fetch.ts';

/**
 * Tests never ask a DNS server (their traffic stays on loopback): `localhost` resolves to 127.0.0.1
 * and every other name fails as an unknown host would, so a route that fetches a workspace's real
 * domain (acme.com) is refused before any packet leaves the machine.
 */
export async function loopbackOnlyLookup(host: string): Promise<Array<{ address: string; family: number }>> {
  if (host === 'localhost' || host.endsWith('.localhost')) return [{ address: '127.0.0.1', family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host} (tests resolve no names)`), { code: 'ENOTFOUND' });
}

export const driver = () => inject('dbDriver');

const secretsEnv = { GEO_ENV: 'production', SESSION_SECRET: 's'.repeat(40), KEY_HASH_SECRET: 'k'.repeat(40), CREDENTIALS_KEY: '07'.repeat(32) };

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    env: 'test', host: '127.0.0.1', port: 0, dataDir: mkdtempSync(path.join(os.tmpdir(), 'geo-data-')), databaseUrl: undefined, databaseListenUrl: undefined,
    publicBaseUrl: 'http://127.0.0.1:3000', trustProxy: undefined, trafficDns: null, logLevel: 'silent',
    defaultModel: 'openai:gpt-4.1-mini', emailProvider: 'none',
    mail: { smtpUrl: undefined, from: 'GEO <no-reply@127.0.0.1>', agentmail: undefined, inboxRetryBaseMs: 0 },
    providers: loadConfig({ DATA_DIR: '/nonexistent', ...secretsEnv }).providers,
    authAttemptsPer10Min: 100_000,
    pipeline: { ...loadConfig({ DATA_DIR: '/nonexistent', ...secretsEnv }).pipeline, simulatedLatencyMs: 0 },
    payments: { mode: 'mock', stripeSecretKey: undefined, stripeApiUrl: undefined, webhookSecret: 'whsec_test_secret' },
    secrets: { sessionSecret: 's'.repeat(40), keyHashSecret: 'k'.repeat(40), credentialsKey: Buffer.alloc(32, 7) },
    ...overrides,
  };
}

/** Tests hash passwords at N=2^13 instead of 2^17 (many sign-ups per file); production cannot lower it. */
export const TEST_PASSWORD_SCRYPT = { N: 2 ** 13, r: 8, p: 1 };

export async function openTestDatabase(): Promise<Database> {
  return driver() === 'postgres' ? postgresFromTemplate() : pgliteFromTemplate(inject('pgliteTemplate'));
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  mails: MailMessage[];
  close(): Promise<void>;
}

/** A real app on a database of its own; `rebuild` makes a new app on the same database (a restart). */
export async function createTestApp(deps: Partial<AppDeps> = {}, database?: Database): Promise<TestContext> {
  const db = database ?? (await openTestDatabase());
  const mails: MailMessage[] = [];
  const fetcher = fetcherFromConfig(deps.config ?? testConfig(), { lookup: loopbackOnlyLookup });
  const app = await buildApp({
    database: db, logger: false,
    mailer: { send: async (m) => void mails.push(m) },
    passwordScrypt: (deps.config?.env ?? 'test') === 'test' ? TEST_PASSWORD_SCRYPT : undefined,
    fetcher,
    ...deps,
    config: withSimulatedDay(deps.config ?? testConfig(), Boolean(deps.clock)),
  });
  return {
    app, database: db, mails,
    async close() {
      await app.close();
      await fetcher.close();
      if (!database) await db.close();
    },
  };
}

/**
 * `use` given a new service on the same database (a restart, or a second process), closed after
 * it: a dozen services left open slow each other's start past the plugin timeout under load.
 */
export async function withRestarted<T>(deps: Partial<AppDeps>, database: Database, use: (ctx: TestContext) => Promise<T>): Promise<T> {
  const ctx = await createTestApp(deps, database);
  try {
    return await use(ctx);
  } finally {
    await ctx.close();
  }
}

/**
 * The simulated engines answer as on the pinned day (test/helpers/simulated-day.ts), unless the
 * test drives a clock of its own: then the clock's days seed them, as a test of several days wants.
 */
export function withSimulatedDay(config: Config, ownClock: boolean): Config {
  const { simulatedDay: _day, simulatedDayLog: _log, ...pipeline } = config.pipeline;
  const day = config.pipeline.simulatedDay ?? (ownClock ? undefined : process.env.GEO_SIMULATED_DAY);
  const log = config.pipeline.simulatedDayLog ?? process.env.GEO_SIMULATED_DAY_LOG;
  return { ...config, pipeline: { ...pipeline, ...(day ? { simulatedDay: day } : {}), ...(log ? { simulatedDayLog: log } : {}) } };
}

export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'geo.session');
  if (!cookie) throw new Error(`no session cookie in ${res.statusCode} ${res.body}`);
  return `geo.session=${cookie.value}`;
}

let counter = 0;
export async function signup(app: FastifyInstance, email = `user${++counter}-${Date.now()}@example.com`) {
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: { email, password: 'correct horse battery' } });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.body}`);
  return { cookie: sessionCookie(res), user: res.json().user as { id: string; email: string }, email };
}

export function workspaceBody(brand: string, overrides: Record<string, unknown> = {}) {
  return {
    brand,
    displayName: 'Acme Analytics',
    domains: ['acme.com'],
    languages: ['en', 'es'],
    regions: ['us', 'eu-west'],
    competitors: [
      { name: 'Globex', domains: ['globex.com'], aliases: ['Globex Corp'], ambiguous: false },
      { name: 'Initech', domains: ['initech.io'], aliases: ['Initech'], ambiguous: true },
    ],
    gscProperty: 'sc-domain:acme.com',
    ga4Property: '123456789',
    activeSetSize: 50,
    complianceProfile: 'none',
    quotas: { discovery: 0.2, problem_solution: 0.2, use_case: 0.2, comparison: 0.2, expert: 0.1, brand_research: 0.1 },
    ...overrides,
  };
}

/** The category each language is given after creation, as onboarding does (docs/prompts.md). */
export const TEST_CATEGORIES = {
  en: { singular: 'analytics tool', plural: 'analytics tools' },
  es: { singular: 'herramienta de analítica', plural: 'herramientas de analítica', gender: 'f' },
  ca: { singular: "eina d'analítica", plural: "eines d'analítica", gender: 'f' },
  fr: { singular: "outil d'analyse", plural: "outils d'analyse", gender: 'm' },
} as const;

/**
 * Creates a workspace, then confirms a category in each of its languages as onboarding does, so
 * that the template set is complete (without one, templates make only the questions naming the
 * brand and its competitors). `{category: false}` in `options` leaves the category unset.
 */
export async function createWorkspace(app: FastifyInstance, cookie: string, brand: string, overrides: Record<string, unknown> = {}, options: { category?: boolean } = {}) {
  const body = workspaceBody(brand, overrides);
  const res = await app.inject({ method: 'POST', url: '/api/v1/workspaces', headers: { cookie }, payload: body });
  if (res.statusCode !== 201) throw new Error(`workspace creation failed: ${res.body}`);
  const created = res.json() as { slug: string };
  if (options.category !== false) {
    for (const language of body.languages as Array<keyof typeof TEST_CATEGORIES>) {
      const put = await app.inject({ method: 'PUT', url: `/api/v1/workspaces/${created.slug}/prompts/categories`, headers: { cookie }, payload: { language, ...TEST_CATEGORIES[language] } });
      if (put.statusCode !== 200) throw new Error(`category failed: ${put.body}`);
    }
  }
  return created;
}

/** The error envelope without its requestId, for byte-for-byte comparisons. */
export function withoutRequestId(body: string): string {
  return body.replace(/"requestId":"[^"]*"/, '"requestId":"-"');
}

type Inject = FastifyInstance['inject'];
/** Creates a key and acknowledges it; returns its secret and id. */
export async function activeKey(app: FastifyInstance, cookie: string, workspace: string, body: Record<string, unknown> = {}) {
  const created = await app.inject({ method: 'POST', url: `/api/v1/workspaces/${workspace}/api-keys`, headers: { cookie }, payload: { name: 'test key', ...body } });
  if (created.statusCode !== 201) throw new Error(`key creation failed: ${created.body}`);
  const { keyId, secret, deliveryId } = created.json();
  const ack = await app.inject({ method: 'POST', url: `/api/v1/workspaces/${workspace}/api-keys/${keyId}`, headers: { cookie }, payload: { action: 'acknowledge', deliveryId } });
  if (ack.statusCode !== 200) throw new Error(`acknowledge failed: ${ack.body}`);
  return { keyId: keyId as string, secret: secret as string, bearer: { authorization: `Bearer ${secret}` } };
}
export type { Inject };
