import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { parseCsv } from '../../../test/helpers/csv.ts';
import { manualClock } from '../../lib/clock.ts';
import { METRIC_COLUMNS, METRICS_EXPORT_SCHEMA } from './export.fns.ts';

// The daily figures' export after two measured (simulated) days, on whichever database the
// project runs: CSV and Parquet carry the same rows, which say what the score and scoreboard
// routes say; from/to bound it; bad input is a 400 and another workspace a 404.

const clock = manualClock(new Date('2026-11-20T09:00:00Z'));
let ctx: TestContext;
let cookie: string;
const get = (path: string, c = cookie) => ctx.app.inject({ method: 'GET', url: `/api/v1/workspaces/mexport${path}`, headers: { cookie: c } });

async function measure(day: string) {
  clock.set(new Date(`${day}T09:00:00Z`));
  const run = await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/mexport/runs', headers: { cookie }, payload: { preset: 'smoke', idempotencyKey: day } });
  expect(run.statusCode, run.body).toBe(202);
  for (let status = 'running'; status === 'running';) {
    await new Promise((r) => setTimeout(r, 25)); // a poll of the run's status, as a client does
    status = (await get(`/runs/${run.json().id}`)).json().status;
  }
}

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'mexport');
  await measure('2026-11-20');
  await measure('2026-11-21');
}, 180_000);
afterAll(() => ctx.close());

const arrayBufferOf = (b: Buffer) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
const csvRows = async (query = '') => {
  const res = await get(`/metrics/export?format=csv${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { res, rows: parseCsv(res.body) };
};
const parquetRows = async (query = '') => {
  const res = await get(`/metrics/export?format=parquet${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { res, rows: await parquetReadObjects({ file: arrayBufferOf(res.rawPayload) }) };
};
/** A Parquet row as its CSV record reads: numbers and booleans as text, null as an empty cell. */
const asCsv = (r: Record<string, unknown>) => Object.fromEntries(METRIC_COLUMNS.map((c) => [c.name, r[c.name] === null || r[c.name] === undefined ? '' : String(r[c.name])]));

describe('the metrics export', { timeout: 120_000 }, () => {
  it('CSV and Parquet carry the same tidy rows', async () => {
    const { res, rows: csv } = await csvRows();
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['x-export-schema']).toBe(METRICS_EXPORT_SCHEMA);
    expect(res.headers['content-disposition']).toBe('attachment; filename="mexport-metrics-start-2026-11-21.csv"');
    expect(Object.keys(csv[0]!)).toEqual(METRIC_COLUMNS.map((c) => c.name));
    const { res: pres, rows: parquet } = await parquetRows();
    expect(pres.headers['content-type']).toBe('application/vnd.apache.parquet');
    expect(parquetMetadata(arrayBufferOf(pres.rawPayload)).key_value_metadata).toEqual([{ key: 'schema', value: METRICS_EXPORT_SCHEMA }]);
    expect(parquet.map(asCsv)).toEqual(csv);
    expect(new Set(csv.map((r) => r.date))).toEqual(new Set(['2026-11-20', '2026-11-21']));
    expect(new Set(csv.map((r) => r.metric))).toEqual(new Set(['geo_score', 'component_visibility', 'component_relative_sov', 'component_position', 'component_sentiment', 'component_volume',
      'mention_rate', 'citation_rate', 'score', 'visibility', 'share_of_voice', 'average_position', 'sentiment', 'mentions', 'citations']));
    // One row per date, engine, surface, entity and metric.
    const keys = csv.map((r) => [r.date, r.engine, r.surface, r.entity, r.metric].join('|'));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('says what the score and the scoreboard say, with the simulated label, the version and the grade', async () => {
    const { rows } = await csvRows('&from=2026-11-21');
    const score = (await get('/score?date=2026-11-21')).json();
    const composite = rows.filter((r) => r.engine === 'composite' && r.surface === '');
    expect(composite.find((r) => r.metric === 'geo_score')).toMatchObject({
      date: '2026-11-21', entity: 'brand', value: String(score.score), low: String(score.interval[0]), high: String(score.interval[1]), n: String(score.n),
      simulated: 'true', metric_version: score.version, grade: score.stamp.grade,
    });
    const board = (await get('/scoreboard')).json();
    for (const e of board.entities) {
      const vis = composite.find((r) => r.entity === e.entityId && r.metric === 'visibility')!;
      expect([vis.value, vis.entity_name]).toEqual([e.visibility === null ? '' : String(e.visibility), e.name]);
    }
    expect(rows.every((r) => r.date === '2026-11-21')).toBe(true);
    expect(rows.some((r) => r.engine !== 'composite' && r.surface !== '')).toBe(true);
  });

  it('bounds the days by from and to, inclusive', async () => {
    const { rows } = await csvRows('&from=2026-11-20&to=2026-11-20');
    expect(new Set(rows.map((r) => r.date))).toEqual(new Set(['2026-11-20']));
    expect((await csvRows('&from=2026-12-01&to=2026-12-31')).rows).toEqual([]);
  });

  it.each([
    ['from', '?format=csv&from=2026-11-21&to=2026-11-20'],
    ['from', '?format=csv&from=yesterday'],
    ['format', '?format=ndjson'],
    ['engine', '?format=csv&engine=chatgpt'],
  ])('answers 400 naming %s (%s)', async (field, query) => {
    const res = await get(`/metrics/export${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toContain(field);
  });

  it('answers 404 for another workspace', async () => {
    const other = (await signup(ctx.app)).cookie;
    expect((await get('/metrics/export?format=csv', other)).statusCode).toBe(404);
  });
});
