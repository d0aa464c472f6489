import { eq } from 'drizzle-orm';
import type { Static } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeKey, createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { newId } from '../../lib/ids.ts';
import type { StoredAnalysis } from '../runs/detail.fns.ts';
import { runResults } from '../runs/runs.tables.ts';
import { answerTraces } from '../sources/sources.tables.ts';
import { workspaces } from '../workspaces/workspaces.tables.ts';
import { createAnswersRepo } from './answers.repo.ts';
import type { ListResponse } from './answers.schemas.ts';

// Stored answers written straight into the tables (exact texts in four languages, two runs a
// day apart), read back through the API on whichever database the project runs: the list, its
// filters and pages, search by stems, the mentions' offsets, an answer's previous one and what
// changed, other workspaces' answers, and bad input.

let ctx: TestContext;
let cookie: string;
let otherCookie: string;
let wsId: string;
const slug = 'answers-a';
const other = 'answers-b';
const get = (url: string, headers: Record<string, string> = { cookie }) => ctx.app.inject({ method: 'GET', url: `/api/v1/workspaces/${slug}${url}`, headers });
const ids: Record<string, string> = {};
const DAY1 = new Date('2026-03-01T10:00:00Z');
const DAY2 = new Date('2026-03-02T10:00:00Z');

type Named = { id: 'brand' | 'competitor:0' | 'competitor:1'; label?: 'positive' | 'neutral' | 'negative' | 'mixed' };
const NAMES = { brand: 'Acme Analytics', 'competitor:0': 'Globex', 'competitor:1': 'Initech' } as const;
const analysis = (named: Named[], cited: string[]): StoredAnalysis => ({
  mentioned: named.map((n) => NAMES[n.id]),
  entities: named.map((n, i) => ({ entityId: n.id, name: NAMES[n.id], kind: n.id === 'brand' ? 'brand' : 'competitor', mentioned: true, rank: i + 1, sentiment: null, sentimentLabel: n.label ?? null })),
  citations: cited.map((url) => ({ url, domain: new URL(url).hostname.replace(/^www\./, ''), class: url.includes('acme.com') ? 'owned' : 'third_party', entityId: url.includes('acme.com') ? 'brand' : null })),
});

async function seed(workspaceId: string, key: string, a: {
  runId: string; promptId: string; engine: string; language: string; text: string; at: Date; named: Named[]; cited?: string[];
  retrieved?: string[]; queries?: string[]; error?: string; simulated?: boolean; spans?: StoredAnalysis['spans'];
}) {
  const id = newId('res');
  ids[key] = id;
  const { db } = ctx.database;
  await db.insert(runResults).values({
    id, runId: a.runId, workspaceId, engine: a.engine, simulated: a.simulated ?? false, promptId: a.promptId, promptText: `prompt ${a.promptId}`, intent: 'discovery',
    language: a.language, answer: a.text, sources: [], analysis: { ...analysis(a.named, a.cited ?? []), ...(a.spans && { spans: a.spans }) }, brandMentioned: a.named.some((n) => n.id === 'brand'),
    error: a.error ?? null, latencyMs: 1, createdAt: a.at,
  });
  await db.insert(answerTraces).values({
    resultId: id, runId: a.runId, workspaceId, engine: a.engine, surface: a.engine === 'google-aio' ? 'product' : 'api', simulated: a.simulated ?? false, promptId: a.promptId, sample: 1,
    format: 'test', modelVersion: a.engine === 'chatgpt' ? 'gpt-4.1-mini-2025-04-14' : null, queries: a.queries ?? [],
    retrieved: (a.retrieved ?? []).map((url, i) => ({ url, title: `Page ${i + 1}`, domain: new URL(url).hostname, rank: i + 1, query: null })),
    cited: [], usage: null, missing: [], warnings: [], createdAt: a.at,
  });
}

const at = (base: Date, minutes: number) => new Date(base.getTime() + minutes * 60_000);

beforeAll(async () => {
  ctx = await createTestApp();
  cookie = (await signup(ctx.app)).cookie;
  const ws = await createWorkspace(ctx.app, cookie, slug);
  otherCookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, otherCookie, other);
  const idOf = async (s: string) => (await ctx.database.db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.slug, s)))[0]!.id;
  const otherId = await idOf(other);
  wsId = await idOf(ws.slug);
  const [run1, run2] = [newId('run'), newId('run')];
  await seed(wsId, 'en1', {
    runId: run1, promptId: 'prm_a', engine: 'chatgpt', language: 'en', at: DAY1,
    text: 'Acme Analytics is an excellent platform for small teams. Globex is expensive.',
    named: [{ id: 'brand', label: 'positive' }, { id: 'competitor:0' }], cited: ['https://acme.com/pricing'],
    retrieved: ['https://acme.com/pricing', 'https://www.g2.com/categories/analytics'], queries: ['best analytics platforms', 'acme analytics pricing'],
  });
  await seed(wsId, 'none', { runId: run1, promptId: 'prm_e', engine: 'chatgpt', language: 'en', at: at(DAY1, 1), text: 'Spreadsheets are enough for most teams.', named: [] });
  await seed(wsId, 'failed', { runId: run1, promptId: 'prm_e', engine: 'gemini', language: 'en', at: at(DAY1, 2), text: '', named: [], error: 'timeout' });
  await seed(wsId, 'en2', {
    runId: run2, promptId: 'prm_a', engine: 'chatgpt', language: 'en', at: DAY2,
    text: 'Globex and Initech lead the market; Acme Analytics is slow and clunky.',
    named: [{ id: 'competitor:0' }, { id: 'competitor:1' }, { id: 'brand', label: 'negative' }], cited: ['https://www.g2.com/categories/analytics'],
  });
  await seed(wsId, 'es', {
    runId: run2, promptId: 'prm_b', engine: 'gemini', language: 'es', at: at(DAY2, 1),
    text: 'Las plataformas de análisis más populares son Acme Analytics y Globex.', named: [{ id: 'brand', label: 'neutral' }, { id: 'competitor:0' }],
  });
  await seed(wsId, 'fr', {
    runId: run2, promptId: 'prm_c', engine: 'claude', language: 'fr', at: at(DAY2, 2),
    text: 'Les meilleures plateformes d’analyse incluent Globex.', named: [{ id: 'competitor:0' }],
  });
  await seed(wsId, 'ca', {
    runId: run2, promptId: 'prm_d', engine: 'perplexity', language: 'ca', at: at(DAY2, 3),
    text: 'Les eines d’analítica més conegudes són Initech i Acme Analytics.', named: [{ id: 'competitor:1' }, { id: 'brand' }],
  });
  await seed(wsId, 'emoji', {
    runId: run2, promptId: 'prm_f', engine: 'google-aio', language: 'en', at: at(DAY2, 4), simulated: true,
    text: '🚀🚀 Top pick: **Acme Analytics** — café-grade dashboards. Also Globex Corp and acme.com.', named: [{ id: 'brand' }, { id: 'competitor:0' }],
  });
  // Written with its spans (as runs write them since): read as kept, under the name it was counted by.
  await seed(otherId, 'kept', {
    runId: newId('run'), promptId: 'prm_g', engine: 'claude', language: 'en', at: at(DAY2, 5),
    text: 'Hooli Cloud is the pick.', named: [{ id: 'competitor:0' }],
    spans: { mentions: [{ entityId: 'competitor:0', name: 'Hooli Cloud', kind: 'competitor', start: 0, end: 11 }], evidence: [] },
  });
  await seed(otherId, 'foreign', { runId: newId('run'), promptId: 'prm_a', engine: 'chatgpt', language: 'en', at: DAY2, text: 'Another platform entirely.', named: [] });
}, 120_000);
afterAll(async () => ctx.close());

const list = async (query = '', headers?: Record<string, string>) => {
  const res = await get(`/answers${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Static<typeof ListResponse>;
};
const idsOf = (page: { answers: Array<{ id: string }> }) => page.answers.map((a) => a.id);

describe('the answers list', () => {
  it('lists the workspace’s answered calls, newest first, whole and with what they carry', async () => {
    const page = await list();
    expect(idsOf(page)).toEqual([ids.emoji, ids.ca, ids.fr, ids.es, ids.en2, ids.none, ids.en1]);
    expect(page.nextCursor).toBeNull();
    const en1 = page.answers.find((a) => a.id === ids.en1)!;
    expect(en1).toMatchObject({
      promptId: 'prm_a', prompt: 'prompt prm_a', engine: { id: 'chatgpt', name: 'ChatGPT' }, surface: 'api', modelVersion: 'gpt-4.1-mini-2025-04-14',
      sample: 1, createdAt: DAY1.toISOString(), simulated: false, language: 'en', text: 'Acme Analytics is an excellent platform for small teams. Globex is expensive.',
      fanOutQueries: ['best analytics platforms', 'acme analytics pricing'],
      citations: [
        { url: 'https://acme.com/pricing', domain: 'acme.com', class: 'owned', cited: true },
        { url: 'https://www.g2.com/categories/analytics', domain: 'www.g2.com', class: 'third_party', cited: false, title: 'Page 2' },
      ],
    });
    expect(en1.sentiment.label).toBe('positive');
    expect(en1.sentiment.evidence[0]).toMatchObject({ cue: 'excellent', exact: true });
    const ev = en1.sentiment.evidence[0]!;
    expect(en1.text.slice(ev.start, ev.end)).toBe('excellent');
    // The stamp of its run and engine: both of run 1’s ChatGPT answers.
    expect(en1.stamp).toMatchObject({ answers: 2, simulatedShare: 0, engines: [{ engine: "chatgpt", modelVersions: ["gpt-4.1-mini-2025-04-14"] }] });
    expect(page.answers.find((a) => a.id === ids.emoji)).toMatchObject({ simulated: true, surface: 'product', modelVersion: null });
  });

  it('pages with an opaque cursor: every answer once, in order', async () => {
    const all = idsOf(await list('?limit=100'));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.answers.length).toBeLessThanOrEqual(2);
      seen.push(...idsOf(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all);
  });

  it.each([
    ['runId and engine', () => `?engine=chatgpt&from=2026-03-02`, () => [ids.en2]],
    ['promptId', () => '?promptId=prm_a', () => [ids.en2, ids.en1]],
    ['surface', () => '?surface=product', () => [ids.emoji]],
    ['a day as from and to', () => '?from=2026-03-01&to=2026-03-01', () => [ids.none, ids.en1]],
    ['mentions the brand', () => '?mentions=brand&to=2026-03-02T10:00:30Z', () => [ids.en2, ids.en1]],
    ['mentions none', () => '?mentions=none', () => [ids.none]],
    ['mentions a competitor', () => '?mentions=competitor:1', () => [ids.ca, ids.en2]],
    ['cited domain', () => '?cited=https://acme.com/', () => [ids.en1]],
    ['sentiment', () => '?sentiment=negative', () => [ids.en2]],
  ])('filters by %s', async (_name, query, expected) => {
    expect(idsOf(await list(query()))).toEqual(expected());
  });

  it('filters by run', async () => {
    const en2 = (await list('?sentiment=negative')).answers[0]!;
    expect(idsOf(await list(`?runId=${en2.runId}&engine=chatgpt`))).toEqual([ids.en2]);
  });

  it.each([
    ['en', 'platforms', () => [ids.en1]],
    ['es', 'plataforma', () => [ids.es]],
    ['fr', 'plateforme', () => [ids.fr]],
    ['ca', 'eina', () => [ids.ca]],
    ['a phrase', '"small teams"', () => [ids.en1]],
    ['words of two answers', 'slow OR expensive', () => [ids.en2, ids.en1]],
  ])('searches in the answer’s language, by stems (%s)', async (_lang, q, expected) => {
    expect(idsOf(await list(`?q=${encodeURIComponent(q)}`))).toEqual(expected());
  });

  // A search tests the newest answers first, then sorts its matches when they are few and walks the
  // answers newest first when the word is common (answers.repo.ts): with a few answers, options
  // force each way; every way must read the same page.
  it.each([
    ['platforms', {}], ['plataforma', {}], ['eina', {}], ['"small teams"', {}], ['slow OR expensive', {}], ['teams', { engines: ['chatgpt'] }], ['acme', {}],
  ])('reads the same page of a search whichever way it is read (%s)', async (q, filter) => {
    const ways = [{}, { searchFirstRows: 2 }, { searchFirstRows: 0 }, { searchFirstRows: 0, searchSortCeiling: 1 }].map((o) => createAnswersRepo(ctx.database.db, o));
    const first = await ways[0]!.page(wsId, { q, ...filter }, 2);
    expect(first.length).toBeGreaterThan(0);
    const after = { createdAt: new Date(first[0]!.created_at), id: first[0]!.id };
    const next = (await ways[0]!.page(wsId, { q, ...filter }, 5, after)).map((r) => r.id);
    for (const way of ways.slice(1)) {
      expect((await way.page(wsId, { q, ...filter }, 2)).map((r) => r.id)).toEqual(first.map((r) => r.id));
      expect((await way.page(wsId, { q, ...filter }, 5, after)).map((r) => r.id)).toEqual(next);
    }
  });

  it('reads any search text as words: no operator reaches the parser', async () => {
    for (const q of ["platform & !(", "':* | <-> \\", 'a:* & b', ')))((( !!! &&&', '\u0001platform']) {
      const res = await get(`/answers?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
    }
    expect(idsOf(await list(`?q=${encodeURIComponent('platform & !(')}`))).toEqual([ids.en1]);
    // A NUL, which PostgreSQL text cannot hold, is refused or read as a space: never a server error.
    expect((await get(`/answers?q=${encodeURIComponent('\u0000platform')}`)).statusCode).toBeLessThan(500);
  });

  it('marks every mention with UTF-16 offsets that slice to the matched text, in every language', async () => {
    const page = await list();
    for (const a of page.answers) {
      for (const m of a.mentions) expect(a.text.slice(m.start, m.end).toLowerCase(), a.text).toContain(m.name === 'Acme Analytics' ? 'acme' : m.name.toLowerCase());
    }
    const emoji = page.answers.find((a) => a.id === ids.emoji)!;
    expect(emoji.mentions.map((m) => emoji.text.slice(m.start, m.end))).toEqual(['Acme Analytics', 'Globex Corp', 'acme.com']);
    expect(emoji.mentions[0]).toMatchObject({ entityId: 'brand', kind: 'brand', start: 17 }); // two astral characters are four UTF-16 units;
    const ca = page.answers.find((a) => a.id === ids.ca)!;
    expect(ca.mentions.map((m) => [m.entityId, ca.text.slice(m.start, m.end)])).toEqual([['competitor:1', 'Initech'], ['brand', 'Acme Analytics']]);
  });

  it('reads the spans kept with an answer instead of analysing it again', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/workspaces/${other}/answers/${ids.kept}`, headers: { cookie: otherCookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().answer.mentions).toEqual([{ entityId: 'competitor:0', name: 'Hooli Cloud', kind: 'competitor', start: 0, end: 11 }]);
  });

  it('answers a key with runs:read, and refuses a key without it', async () => {
    const reader = await activeKey(ctx.app, cookie, slug, { scopes: ['runs:read'] });
    expect(idsOf(await list('?mentions=none', reader.bearer))).toEqual([ids.none]);
    const narrow = await activeKey(ctx.app, cookie, slug, { scopes: ['workspace:read'] });
    expect((await get('/answers', narrow.bearer)).statusCode).toBe(403);
  });
});

describe('one answer', () => {
  it('gives the previous answer of the same prompt and engine, and what changed', async () => {
    const res = await get(`/answers/${ids.en2}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.answer.id).toBe(ids.en2);
    expect(body.previous.id).toBe(ids.en1);
    expect(body.changes).toMatchObject({
      entered: [{ entityId: 'competitor:1', name: 'Initech' }], left: [],
      citationsGained: ['g2.com'], citationsLost: ['acme.com'],
      sentiment: { from: 'positive', to: 'negative', changed: true },
    });
    const first = (await get(`/answers/${ids.en1}`)).json();
    expect(first).toMatchObject({ previous: null, changes: null });
  });

  it('answers 404 for another workspace’s answer, a failed call and an unknown id', async () => {
    for (const id of [ids.foreign, ids.failed, 'res_nothing']) {
      const res = await get(`/answers/${id}`);
      expect(res.statusCode, id).toBe(404);
    }
    expect(idsOf(await list('?q=entirely'))).toEqual([]);
  });
});

describe('bad input', () => {
  it.each([
    ['limit', '?limit=101'],
    ['limit', '?limit=0'],
    ['cursor', '?cursor=not-a-cursor'],
    ['cursor', `?cursor=${Buffer.from('["yesterday","res_x"]').toString('base64url')}`],
    ['from', '?from=2026-03-02&to=2026-03-01'],
    ['from', '?from=tuesday'],
    ['engine', '?engine=altavista'],
    ['surface', '?surface=fax'],
    ['mentions', '?mentions=competitor:9'],
    ['mentions', '?mentions=everyone'],
    ['sentiment', '?sentiment=happy'],
    ['cited', '?cited=not%20a%20domain'],
    ['q', 'LONG'],
    ['colour', '?colour=blue'],
  ])('answers 400 naming %s (%s)', async (field, query) => {
    const res = await get(`/answers${query === 'LONG' ? `?q=${'a'.repeat(10_241)}` : query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toContain(field);
  });

  it('takes a search of exactly 10 KB', async () => {
    expect((await get(`/answers?q=${'a'.repeat(10_240)}`)).statusCode).toBe(200);
  });
});
