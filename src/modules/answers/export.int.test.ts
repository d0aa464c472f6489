import { eq } from 'drizzle-orm';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { readParquet, writeParquet } from 'parquet-wasm';
import type { Static } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeKey, createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { parseCsv } from '../../../test/helpers/csv.ts';
import { newId } from '../../lib/ids.ts';
import { runResults } from '../runs/runs.tables.ts';
import { answerTraces } from '../sources/sources.tables.ts';
import { workspaces } from '../workspaces/workspaces.tables.ts';
import type { ListResponse } from './answers.schemas.ts';
import { createAnswersService } from './answers.service.ts';
import { ANSWER_COLUMNS, ANSWERS_EXPORT_SCHEMA } from './export.fns.ts';

// The answers export against the list, on whichever database the project runs: the same rows in
// the same order in every format, Parquet opened by two readers (hyparquet, and arrow-rs through
// parquet-wasm), the batches of the keyset read, the list's filters and their 400s, and another
// workspace's answers left out.

let ctx: TestContext;
let cookie: string;
let wsId: string;
const slug = 'export-a';
const get = (url: string, headers: Record<string, string> = { cookie }) => ctx.app.inject({ method: 'GET', url: `/api/v1/workspaces/${slug}${url}`, headers });
const BASE = Date.UTC(2026, 2, 1, 9);
const NAMES = { brand: 'Acme Analytics', 'competitor:0': 'Globex' } as const;
const TEXTS = [
  ['en', 'Acme Analytics is an excellent platform, better than Globex.'],
  ['es', 'Las plataformas más populares son Acme Analytics y Globex.'],
  ['fr', 'Globex reste la référence, dit-on, "sans égal".'],
  ['en', '- Acme Analytics\n- Globex\n=SUM(A1) is not a formula here 🚀'],
  ['ca', 'Les eines més conegudes són Initech i Acme Analytics.'],
] as const;

beforeAll(async () => {
  ctx = await createTestApp();
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, slug);
  const otherCookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, otherCookie, 'export-b');
  const idOf = async (s: string) => (await ctx.database.db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.slug, s)))[0]!.id;
  wsId = await idOf(slug);
  const otherId = await idOf('export-b');
  const runs = [newId('run'), newId('run')];
  // Eleven answers over two runs and three engines, two of them stored at the same instant (the keyset's tie on time is broken by id).
  for (let i = 0; i < 11; i++) {
    const [language, text] = TEXTS[i % TEXTS.length]!;
    const named = (['brand', 'competitor:0'] as const).filter((e) => text.includes(NAMES[e]));
    const engine = (['chatgpt', 'perplexity', 'google-aio'] as const)[i % 3]!;
    const at = new Date(BASE + Math.min(i, 9) * 3_600_000);
    await insert(wsId, { runId: runs[i < 6 ? 0 : 1]!, engine, language, text, at, named, i });
  }
  await insert(otherId, { runId: newId('run'), engine: 'chatgpt', language: 'en', text: 'Acme Analytics elsewhere.', at: new Date(BASE), named: ['brand'], i: 99 });
}, 120_000);
afterAll(async () => ctx.close());

async function insert(workspaceId: string, a: { runId: string; engine: string; language: string; text: string; at: Date; named: ReadonlyArray<'brand' | 'competitor:0'>; i: number }) {
  const id = newId('res');
  const { db } = ctx.database;
  await db.insert(runResults).values({
    id, runId: a.runId, workspaceId, engine: a.engine, simulated: a.i % 4 === 0, promptId: `prm_${a.i % 3}`, promptText: `prompt ${a.i % 3}`, intent: 'discovery',
    language: a.language, answer: a.text, sources: [], brandMentioned: a.named.includes('brand'), error: null, latencyMs: 1, createdAt: a.at,
    analysis: {
      mentioned: a.named.map((e) => NAMES[e]),
      entities: a.named.map((e, r) => ({ entityId: e, name: NAMES[e], kind: e === 'brand' ? 'brand' : 'competitor', mentioned: true, rank: r + 1, sentiment: null, sentimentLabel: e === 'brand' ? (a.i % 2 ? 'positive' : 'neutral') : null })),
      citations: a.i % 2 ? [{ url: 'https://www.g2.com/x', domain: 'g2.com', class: 'third_party', entityId: null }] : [],
    },
  });
  await db.insert(answerTraces).values({
    resultId: id, runId: a.runId, workspaceId, engine: a.engine, surface: a.engine === 'google-aio' ? 'product' : 'api', simulated: false, promptId: `prm_${a.i % 3}`, sample: 1,
    format: 'test', modelVersion: a.engine === 'chatgpt' ? 'gpt-4.1-mini' : null, queries: [`query ${a.i}`], retrieved: [], cited: [], usage: null, missing: [], warnings: [], createdAt: a.at,
  });
}

type Answer = Static<typeof ListResponse>['answers'][number];
const list = async (query = '') => {
  const res = await get(`/answers?limit=100${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Static<typeof ListResponse>).answers;
};
const exported = async (format: string, query = '', headers?: Record<string, string>) => {
  const res = await get(`/answers/export?format=${format}${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res;
};
const arrayBufferOf = (b: Buffer | Uint8Array) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
/** What a spreadsheet-safe CSV cell holds for a string: the house guard prefixes a formula's first character with a quote. */
const guarded = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);
const keyFields = (a: Answer) => ({ id: a.id, run_id: a.runId, engine: a.engine.id, surface: a.surface, created_at: a.createdAt, text: a.text, sentiment: a.sentiment.label, grade: a.stamp.grade });

describe('the answers export', () => {
  it('NDJSON: the list’s answers, row for row, nested values as objects', async () => {
    const answers = await list();
    expect(answers).toHaveLength(11);
    const res = await exported('ndjson');
    expect(res.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="export-a-answers-\d{4}-\d{2}-\d{2}\.ndjson"$/);
    expect(res.headers['x-export-schema']).toBe(ANSWERS_EXPORT_SCHEMA);
    const rows = res.body.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(rows.map((r) => Object.keys(r))).toEqual(rows.map(() => ANSWER_COLUMNS.map((c) => c.name)));
    expect(rows.map((r) => ({ id: r.id, run_id: r.run_id, engine: r.engine, surface: r.surface, created_at: r.created_at, text: r.text, sentiment: r.sentiment, grade: r.grade }))).toEqual(answers.map(keyFields));
    expect(rows.map((r) => [r.mentions, r.citations, r.fan_out_queries, r.entities, r.sentiment_evidence])).toEqual(answers.map((a) => [a.mentions, a.citations, a.fanOutQueries, a.entities, a.sentiment.evidence]));
    expect(rows.map((r) => [r.model_version, r.simulated, r.brand_mentioned, r.metric_version])).toEqual(answers.map((a) => [a.modelVersion, a.simulated, a.entities.some((e) => e.entityId === 'brand'), a.stamp.metricVersion]));
  });

  it('CSV: the same rows, nested values as JSON text, formula-looking cells guarded', async () => {
    const answers = await list();
    const res = await exported('csv');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/filename="export-a-answers-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = parseCsv(res.body);
    expect(Object.keys(rows[0]!)).toEqual(ANSWER_COLUMNS.map((c) => c.name));
    expect(rows.map((r) => ({ id: r.id, run_id: r.run_id, engine: r.engine, surface: r.surface, created_at: r.created_at, text: r.text, sentiment: r.sentiment || null, grade: r.grade })))
      .toEqual(answers.map((a) => ({ ...keyFields(a), text: guarded(a.text) })));
    expect(rows.map((r) => [JSON.parse(r.mentions!), JSON.parse(r.citations!), JSON.parse(r.fan_out_queries!), r.simulated, r.model_version]))
      .toEqual(answers.map((a) => [a.mentions, a.citations, a.fanOutQueries, String(a.simulated), a.modelVersion ?? '']));
  });

  it('Parquet: the same rows, read by hyparquet and by arrow-rs (parquet-wasm), with the schema in its metadata', async () => {
    const answers = await list();
    const res = await exported('parquet');
    expect(res.headers['content-type']).toBe('application/vnd.apache.parquet');
    const file = arrayBufferOf(res.rawPayload);
    expect(parquetMetadata(file).key_value_metadata).toEqual([{ key: 'schema', value: ANSWERS_EXPORT_SCHEMA }]);
    const rows = await parquetReadObjects({ file });
    const read = (r: Record<string, unknown>): Record<string, unknown> => ({ ...r, created_at: (r.created_at as Date).toISOString() });
    expect(rows.map((r) => read(r)).map((r) => ({ id: r.id, run_id: r.run_id, engine: r.engine, surface: r.surface, created_at: r.created_at, text: r.text, sentiment: r.sentiment ?? null, grade: r.grade })))
      .toEqual(answers.map(keyFields));
    expect(rows.map((r) => [JSON.parse(r.mentions as string), JSON.parse(r.citations as string), r.sample, r.simulated])).toEqual(answers.map((a) => [a.mentions, a.citations, a.sample, a.simulated]));
    // An independent implementation decodes every value: arrow-rs reads the file into Arrow and
    // writes it again as Parquet of its own, which reads back to the same rows.
    const table = readParquet(new Uint8Array(res.rawPayload));
    const again = await parquetReadObjects({ file: arrayBufferOf(writeParquet(table)) });
    expect(again.map((r) => [r.id, r.text, r.mentions, (r.created_at as Date).toISOString()])).toEqual(rows.map((r) => [r.id, r.text, r.mentions, (r.created_at as Date).toISOString()]));
  });

  it('applies the list’s filters', async () => {
    for (const query of ['&mentions=brand', '&engine=chatgpt', '&surface=product&from=2026-03-01T12:00:00Z', '&q=plataforma', '&sentiment=positive&cited=g2.com']) {
      const ids = (await list(query)).map((a) => a.id);
      expect(ids.length, query).toBeGreaterThan(0);
      const csv = parseCsv((await exported('csv', query)).body).map((r) => r.id);
      const parquet = (await parquetReadObjects({ file: arrayBufferOf((await exported('parquet', query)).rawPayload) })).map((r) => r.id);
      expect([csv, parquet], query).toEqual([ids, ids]);
    }
    expect((await exported('ndjson', '&runId=run_none')).body).toBe('');
  });

  it('reads the answers in keyset batches: a batch smaller than the set still gives every answer once, in order', async () => {
    const answers = await list();
    const settings = (await get('/settings')).json() as never;
    const service = createAnswersService({ db: ctx.database.db, workspaces: { getSettings: async () => settings }, stamps: { ofRuns: async () => ({}) as never, ofRunEngines: async (_ws, pairs) => pairs.map(() => ({}) as never) } });
    const ws = { id: wsId, slug } as never;
    for (const size of [1, 2, 4, 11, 50]) {
      const batches: string[][] = [];
      for await (const batch of await service.exportBatches(ws, {}, size)) batches.push(batch.map((a) => a.id));
      expect(batches.flat(), `batch ${size}`).toEqual(answers.map((a) => a.id));
      expect(batches.every((b) => b.length <= size)).toBe(true);
      expect(batches.length).toBe(Math.ceil(11 / size));
    }
  });

  it('answers a key with runs:read and refuses one without it', async () => {
    const reader = await activeKey(ctx.app, cookie, slug, { scopes: ['runs:read'] });
    expect((await exported('ndjson', '', reader.bearer)).body.trimEnd().split('\n')).toHaveLength(11);
    const narrow = await activeKey(ctx.app, cookie, slug, { scopes: ['workspace:read'] });
    expect((await get('/answers/export?format=csv', narrow.bearer)).statusCode).toBe(403);
  });

  it('answers 404 for another workspace and leaves its answers out', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/workspaces/export-b/answers/export?format=csv', headers: { cookie } })).statusCode).toBe(404);
    expect((await exported('ndjson', '&q=elsewhere')).body).toBe('');
  });

  it.each([
    ['format', '?format=xlsx'],
    ['from', '?format=csv&from=2026-03-02&to=2026-03-01'],
    ['engine', '?format=csv&engine=altavista'],
    ['mentions', '?format=parquet&mentions=everyone'],
    ['cited', '?format=ndjson&cited=not%20a%20domain'],
    ['q', 'LONG'],
    ['limit', '?format=csv&limit=5'],
    ['cursor', '?format=csv&cursor=abc'],
  ])('answers 400 naming %s (%s)', async (field, query) => {
    const res = await get(`/answers/export${query === 'LONG' ? `?format=csv&q=${'a'.repeat(10_241)}` : query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json().error.message).toContain(field);
  });
});
