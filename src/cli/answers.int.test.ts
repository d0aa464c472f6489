import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { parquetReadObjects } from 'hyparquet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeKey, createTestApp, createWorkspace, signup, type TestContext } from '../../test/helpers/app.ts';
import { listen } from '../../test/helpers/sse.ts';
import { runGeo } from '../../test/helpers/cli.ts';
import { parseCsv } from '../../test/helpers/csv.ts';
import { newId } from '../lib/ids.ts';
import { runResults } from '../modules/runs/runs.tables.ts';
import { workspaces } from '../modules/workspaces/workspaces.tables.ts';

// `geo answers list|search|show|export`, the real binary against a server listening on a loopback port in
// this process, over two answers of one prompt on one engine written straight into the table.

const WS = 'cli-answers';
const dir = mkdtempSync(path.join(os.tmpdir(), 'geo-cli-answers-'));
let ctx: TestContext;
let base: string;
let key: string;
const ids = { old: newId('res'), now: newId('res') };

const geo = (args: string[]) => runGeo(args, { env: { XDG_CONFIG_HOME: dir, GEO_SERVER: base, GEO_API_KEY: key, GEO_WORKSPACE: WS } });

beforeAll(async () => {
  ctx = await createTestApp();
  base = await listen(ctx.app);
  const { cookie } = await signup(ctx.app);
  await createWorkspace(ctx.app, cookie, WS);
  key = (await activeKey(ctx.app, cookie, WS, { scopes: ['runs:read'] })).secret;
  const workspaceId = (await ctx.database.db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.slug, WS)))[0]!.id;
  const row = (id: string, answer: string, at: string, named: Array<[string, string, 'brand' | 'competitor']>) => ({
    id, runId: newId('run'), workspaceId, engine: 'chatgpt', simulated: false, promptId: 'prm_cli', promptText: 'best analytics platform', intent: 'discovery',
    language: 'en', answer, sources: [], brandMentioned: named.some(([entityId]) => entityId === 'brand'), latencyMs: 1, createdAt: new Date(at),
    analysis: { mentioned: named.map(([, name]) => name), citations: [], entities: named.map(([entityId, name, kind], i) => ({ entityId, name, kind, mentioned: true as const, rank: i + 1, sentiment: null })) },
  });
  await ctx.database.db.insert(runResults).values([
    row(ids.old, 'Globex is a solid platform.', '2026-03-01T10:00:00Z', [['competitor:0', 'Globex', 'competitor']]),
    row(ids.now, 'Acme Analytics and Globex are the platforms to try.', '2026-03-02T10:00:00Z', [['brand', 'Acme Analytics', 'brand'], ['competitor:0', 'Globex', 'competitor']]),
  ]);
});
afterAll(() => ctx.close());

describe('geo answers', () => {
  it('list prints the API’s page as JSON, and a table for people', async () => {
    const listed = await geo(['--json', 'answers', 'list', '--limit', '1']);
    expect(listed.code, listed.stderr).toBe(0);
    const page = JSON.parse(listed.stdout);
    expect([page.answers.map((a: { id: string }) => a.id), typeof page.nextCursor]).toEqual([[ids.now], 'string']);
    const next = JSON.parse((await geo(['--json', 'answers', 'list', '--cursor', page.nextCursor])).stdout);
    expect(next.answers.map((a: { id: string }) => a.id)).toEqual([ids.old]);
    const people = await geo(['answers', 'list', '--mentions', 'brand']);
    expect([people.code, people.stdout]).toEqual([0, expect.stringContaining(ids.now)]);
    expect(people.stdout).not.toContain(ids.old);
  }, 120_000);

  it('search finds by stems; a bad filter exits with the API’s 400', async () => {
    const found = JSON.parse((await geo(['--json', 'answers', 'search', 'platforms'])).stdout);
    expect(found.answers.map((a: { id: string }) => a.id)).toEqual([ids.now, ids.old]);
    const bad = await geo(['answers', 'list', '--mentions', 'everyone']);
    expect([bad.code, bad.stderr]).toEqual([1, expect.stringMatching(/^geo: invalid_request: .*mentions/)]);
  }, 120_000);

  it('show marks the names in the text and says what changed since the previous answer', async () => {
    const shown = await geo(['answers', 'show', ids.now]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('[Acme Analytics] and [Globex] are the platforms to try.');
    expect(shown.stdout).toContain(`Since the previous answer (${ids.old}, 2026-03-01): named now Acme Analytics; no longer —`);
    const json = JSON.parse((await geo(['--json', 'answers', 'show', ids.now])).stdout);
    expect(json.previous.id).toBe(ids.old);
  }, 120_000);

  it('export streams the file to standard output or to --output, with the list’s filters', async () => {
    const ndjson = await geo(['answers', 'export']);
    expect(ndjson.code, ndjson.stderr).toBe(0);
    expect(ndjson.stdout.trimEnd().split('\n').map((l) => JSON.parse(l).id)).toEqual([ids.now, ids.old]);
    const csv = await geo(['answers', 'export', '--format', 'csv', '--mentions', 'brand']);
    expect(parseCsv(csv.stdout).map((r) => [r.id, r.text])).toEqual([[ids.now, 'Acme Analytics and Globex are the platforms to try.']]);
    const file = path.join(dir, 'answers.parquet');
    const written = await geo(['answers', 'export', '--format', 'parquet', '--search', 'solid', '--output', file]);
    expect([written.code, written.stdout, written.stderr]).toEqual([0, '', expect.stringContaining(file)]);
    const bytes = readFileSync(file);
    const rows = await parquetReadObjects({ file: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer });
    expect(rows.map((r) => r.id)).toEqual([ids.old]);
    const bad = await geo(['answers', 'export', '--from', '2026-03-02', '--to', '2026-03-01']);
    expect([bad.code, bad.stderr]).toEqual([1, expect.stringMatching(/^geo: invalid_request: .*from/)]);
  }, 120_000);
});
