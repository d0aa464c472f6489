import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { openPostgres, type Database } from '../src/lib/db.ts';
import { driver, TEST_PASSWORD_SCRYPT, testConfig, workspaceBody, sessionCookie } from './helpers/app.ts';
import { adminQuery, appUrl, PG_PREFIX } from './helpers/databases.ts';

// Two API processes (GEO_WORKERS=off) and two workers on one fresh PostgreSQL database,
// runs started through both APIs while the workers boot. Each "process" here is an app with a
// pool of its own, so the database sees four independent clients racing exactly as four
// processes would: migrations, pg-boss's schema and its queues. Before queues were created once
// under a lock, a run start could answer 500 (deadlock in pgboss.create_queue).

interface Proc {
  app: FastifyInstance;
  database: Database;
}

async function boot(url: string, workers: 'off' | 'embedded'): Promise<Proc> {
  const database = openPostgres(url, 4);
  await database.migrate();
  const base = testConfig();
  const config = { ...base, databaseUrl: url, pipeline: { ...base.pipeline, workers } } as Config;
  const app = await buildApp({ config, database, logger: false, passwordScrypt: TEST_PASSWORD_SCRYPT, mailer: { send: async () => {} } });
  return { app, database };
}

async function trial(round: number) {
  const name = `${PG_PREFIX}fleet_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = appUrl(name);
  const procs: Proc[] = [];
  try {
    // Both APIs start together on the empty database.
    const apis = await Promise.all([boot(url, 'off'), boot(url, 'off')]);
    procs.push(...apis);
    const signup = await apis[0]!.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: { email: `fleet${round}@example.com`, password: 'correct horse battery' } });
    const cookie = sessionCookie(signup);
    const slugs = ['fleet-a', 'fleet-b', 'fleet-c', 'fleet-d'];
    for (const slug of slugs) {
      expect((await apis[0]!.app.inject({ method: 'POST', url: '/api/v1/workspaces', headers: { cookie }, payload: workspaceBody(slug) })).statusCode).toBe(201);
      await apis[0]!.app.inject({ method: 'POST', url: `/api/v1/workspaces/${slug}/credits/top-up`, headers: { cookie }, payload: { amountMicrousd: 50_000_000, idempotencyKey: 'fleet' } });
    }
    // Two workers boot while four runs start at once through both APIs.
    const workersBooting = Promise.all([boot(url, 'embedded'), boot(url, 'embedded')]);
    const starts = slugs.map((slug, i) => apis[i % 2]!.app.inject({ method: 'POST', url: `/api/v1/workspaces/${slug}/runs`, headers: { cookie }, payload: { preset: 'lite' } }));
    const [workers, ...responses] = await Promise.all([workersBooting, ...starts]);
    procs.push(...(workers as Proc[]));
    const runs = (responses as Awaited<(typeof starts)[number]>[]).map((res) => {
      expect(res.statusCode, res.body).toBe(202);
      return res.json() as { id: string; brand: string };
    });
    // The workers take every run to its end.
    for (const run of runs) {
      let status = 'running';
      for (let i = 0; i < 600 && status === 'running'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        status = (await apis[1]!.app.inject({ url: `/api/v1/workspaces/${run.brand}/runs/${run.id}`, headers: { cookie } })).json().status;
      }
      expect(status).toBe('succeeded');
    }
  } finally {
    for (const proc of procs.reverse()) {
      await proc.app.close();
      await proc.database.close();
    }
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

describe.runIf(driver() === 'postgres')('a fleet starting on a fresh PostgreSQL database', () => {
  it('answers no 500 while two APIs and two workers boot and runs start through both APIs (3 trials)', async () => {
    for (let round = 0; round < 3; round++) await trial(round);
  }, 180_000);
});
