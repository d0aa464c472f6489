import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { snapshotsVersion } from './snapshot-rows.ts';

// The snapshots' version (the first part of the stored figures' mark) is a counter the database
// moves on every statement that writes a workspace's snapshots, whoever writes them: here plain
// SQL, as no service of ours does, inserts, updates and deletes rows.

let ctx: TestContext;
let cookie: string;
const ids: Record<string, string> = {};
const version = (slug: string) => snapshotsVersion(ctx.database.db, ids[slug]!);
const sqlOf = (text: string, ...values: unknown[]) => ctx.database.executeSql(text, values);
const insert = (slug: string, day: string) => sqlOf(
  `insert into score_snapshots (workspace_id, engine, day, run_id, data, created_at) values ($1, 'composite', $2, 'run_x', '{}'::jsonb, now())`, ids[slug], day);

beforeAll(async () => {
  ctx = await createTestApp();
  cookie = (await signup(ctx.app)).cookie;
  for (const slug of ['counted', 'beside']) {
    await createWorkspace(ctx.app, cookie, slug);
    ids[slug] = ((await sqlOf(`select id from workspaces where slug = $1`, slug)).rows[0] as { id: string }).id;
  }
});
afterAll(() => ctx.close());

it('moves with every insert, update and delete of the workspace\'s snapshots, and only its own', async () => {
  expect(await version('counted')).toBe('0');
  const seen = [await version('counted')];
  await insert('counted', '2026-10-01');
  seen.push(await version('counted'));
  // Two rows in one statement: one write.
  await sqlOf(`insert into score_snapshots (workspace_id, engine, day, run_id, data, created_at)
    select $1, e, '2026-10-02', 'run_y', '{}'::jsonb, now() from unnest(array['chatgpt', 'claude']) e`, ids.counted);
  seen.push(await version('counted'));
  await sqlOf(`update score_snapshots set metric_version = 'geo-score-v2' where workspace_id = $1 and day = '2026-10-01'`, ids.counted);
  seen.push(await version('counted'));
  // An upsert that finds its row (a second run of the day) is a write too.
  await sqlOf(`insert into score_snapshots (workspace_id, engine, day, run_id, data, created_at) values ($1, 'composite', '2026-10-01', 'run_z', '{}'::jsonb, now())
    on conflict (workspace_id, engine, day) do update set run_id = excluded.run_id`, ids.counted);
  seen.push(await version('counted'));
  await sqlOf(`delete from score_snapshots where workspace_id = $1 and engine = 'claude'`, ids.counted);
  seen.push(await version('counted'));
  expect(seen).toEqual(['0', '1', '2', '3', '4', '5']);
  // A statement that changes nothing does not move it; another workspace's writes do not either.
  await sqlOf(`update score_snapshots set run_id = 'run_w' where workspace_id = $1 and day = '1999-01-01'`, ids.counted);
  await insert('beside', '2026-10-01');
  expect(await version('counted')).toBe('5');
  expect(await version('beside')).toBe('1');
});

it('lets a workspace with snapshots be deleted, its counter with it', async () => {
  await insert('beside', '2026-10-02');
  const deleted = await ctx.app.inject({ method: 'DELETE', url: '/api/v1/workspaces/beside', headers: { cookie } });
  expect(deleted.statusCode).toBe(200);
  expect((await sqlOf(`select count(*)::int as n from snapshot_writes where workspace_id = $1`, ids.beside)).rows).toEqual([{ n: 0 }]);
  expect(await version('counted')).toBe('5');
});
