import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../src/server.ts';
import { DataDirLockedError } from '../src/lib/datadir-lock.ts';
import { openPostgres } from '../src/lib/db.ts';
import { driver } from './helpers/app.ts';
import { adminQuery, PG_PREFIX, postgresUrl } from './helpers/databases.ts';

// The real start path: config -> database -> migrations -> app -> listening socket.

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'geo-server-'));

async function envFor(dataDir: string): Promise<NodeJS.ProcessEnv> {
  const env: NodeJS.ProcessEnv = { GEO_ENV: 'test', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' };
  if (driver() === 'postgres') {
    const name = `${PG_PREFIX}srv_${Math.random().toString(36).slice(2, 10)}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    env.DATABASE_URL = postgresUrl(name);
  }
  return env;
}

const baseUrl = (server: Awaited<ReturnType<typeof startServer>>) => {
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
};

// Each test starts servers (or processes) that migrate a fresh database: seconds on a quiet
// machine, tens of seconds on a loaded one (CI beside other work). They wait on the server's own
// readiness, so a generous limit costs nothing when all is well.
const SERVER_TESTS = { timeout: 180_000 };

describe('starting the server', SERVER_TESTS, () => {
  it('migrates an empty database, serves HTTP, and keeps sessions across a restart', async () => {
    const env = await envFor(tmp());
    const first = await startServer(env);
    const signup = await fetch(`${baseUrl(first)}/api/v1/auth/signup`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'restart@example.com', password: 'correct horse battery' }),
    });
    expect(signup.status).toBe(201);
    const cookie = signup.headers.get('set-cookie')!.split(';')[0]!;
    await first.close();

    const second = await startServer(env);
    try {
      const session = await fetch(`${baseUrl(second)}/api/v1/auth/session`, { headers: { cookie } });
      expect(session.status).toBe(200);
      expect((await session.json()).user.email).toBe('restart@example.com');
    } finally {
      await second.close();
    }
  });
});

describe.runIf(driver() === 'postgres')('a server on PostgreSQL', SERVER_TESTS, () => {
  it('opens its pool of connections before the first request (startServer warms it once migrated)', async () => {
    const env = await envFor(tmp());
    const tag = `geo_warm_${Math.random().toString(36).slice(2, 10)}`;
    const database = openPostgres(`${env.DATABASE_URL}?application_name=${tag}`, 3);
    const open = async () => ((await adminQuery(`select count(*)::int as n from pg_stat_activity where application_name = '${tag}'`)).rows as Array<{ n: number }>)[0]!.n;
    try {
      expect(await open()).toBe(0);
      await database.warm();
      expect(await open()).toBe(3);
    } finally {
      await database.close();
    }
  });
});

describe.runIf(driver() === 'pglite')('the embedded database is held by one process', SERVER_TESTS, () => {
  it('refuses a second server on the same DATA_DIR, then allows it once the first stops', async () => {
    const env = await envFor(tmp());
    const first = await startServer(env);
    await expect(startServer(env)).rejects.toBeInstanceOf(DataDirLockedError);
    await first.close();
    const again = await startServer(env);
    await again.close();
  });

  it('a second process exits with a clear message', async () => {
    const dataDir = tmp();
    const first = await startServer(await envFor(dataDir));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        env: { ...process.env, GEO_ENV: 'test', DATA_DIR: dataDir, PORT: '0', DATABASE_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      const code = await new Promise((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      expect(stderr).toContain(`DATA_DIR ${dataDir} is in use by process ${process.pid}`);
    } finally {
      await first.close();
    }
  });

  it('takes over a lock left by a process that died', async () => {
    const dataDir = tmp();
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => dead.on('exit', resolve));
    writeFileSync(path.join(dataDir, 'server.lock'), String(dead.pid));
    const server = await startServer(await envFor(dataDir));
    await server.close();
  });
});
