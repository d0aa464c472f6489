import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_DATA } from '../traffic/classify.fns.ts';
import { BATCH_ROWS, type HitRow } from './ingest.ts';
import { ingestInChild, type ChildIngestOptions } from './ingest.process.ts';

// The ingestion process: every kept row reaches the writer once, in order, one batch at a time;
// a failed write, a cancellation or a broken file ends it with the reason, and a write in flight
// is finished before the caller hears of the end.

const line = (i: number) => `20.171.207.${i % 250} - - [20/Nov/2026:10:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')} +0000] "GET /p${i} HTTP/1.1" 200 10 "-" "GPTBot/1.2"`;
const N = BATCH_ROWS * 2 + 7;
let dir: string;
let plain: string;
let gzip: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'geo-ingest-child-'));
  const text = `${Array.from({ length: N }, (_, i) => line(i)).join('\n')}\nnot a log line\n`;
  plain = path.join(dir, 'access.log');
  gzip = path.join(dir, 'access.log.gz');
  await writeFile(plain, text);
  await writeFile(gzip, gzipSync(text));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const options = (o: Partial<ChildIngestOptions>): ChildIngestOptions => ({
  file: plain, gzip: false, notBefore: 0, agents: AGENT_DATA, dnsServers: null, write: async (_json, rows) => rows, progress: () => {}, ...o,
});

describe('ingestInChild', () => {
  it('hands every kept row over once, in order, one batch in flight, and reports counts and its peak memory', async () => {
    const paths: string[] = [];
    let inFlight = 0;
    let most = 0;
    let read = 0;
    const result = await ingestInChild(options({
      file: gzip, gzip: true,
      async write(json, rows) {
        most = Math.max(most, ++inFlight);
        const batch = JSON.parse(json) as HitRow[];
        expect(batch).toHaveLength(rows);
        await new Promise((r) => setTimeout(r, 5));
        paths.push(...batch.map((r) => r.p));
        inFlight--;
        return rows - 1; // one row of each batch "already stored"
      },
      progress: (bytes) => (read = bytes),
    }));
    expect(most).toBe(1);
    expect(paths).toEqual(Array.from({ length: N }, (_, i) => `/p${i}`));
    expect(result.counts).toMatchObject({ lines: N + 1, agentHits: N, unparsed: 1, inserted: N - 3, duplicates: 3 });
    expect(result.unparsed).toEqual([{ line: N + 1, reason: 'not a common or combined log line', text: 'not a log line' }]);
    expect(read).toBeGreaterThan(0);
    expect(result.peakRssBytes).toBeGreaterThan(10 * 2 ** 20);
  });

  it('a failed write ends it with that error, and no batch is handed over after it', async () => {
    let writes = 0;
    await expect(ingestInChild(options({ write: async () => { writes++; throw new Error('disk full'); } }))).rejects.toThrow('disk full');
    expect(writes).toBe(1);
  });

  it('cancelling kills it, after the write in flight has finished', async () => {
    const controller = new AbortController();
    const events: string[] = [];
    const run = ingestInChild(options({
      signal: controller.signal,
      async write(_json, rows) {
        events.push('write');
        controller.abort(new Error('cancelled by the user'));
        await new Promise((r) => setTimeout(r, 50));
        events.push('written');
        return rows;
      },
    }));
    await expect(run).rejects.toThrow('cancelled by the user');
    expect(events).toEqual(['write', 'written']);
  });

  it('a file it cannot read, or corrupt gzip, ends it with the reason', async () => {
    await expect(ingestInChild(options({ file: path.join(dir, 'missing.log') }))).rejects.toThrow(/ENOENT/);
    const corrupt = path.join(dir, 'corrupt.gz');
    await writeFile(corrupt, Buffer.concat([gzipSync('x'.repeat(10_000)).subarray(0, 30), Buffer.from('garbage')]));
    await expect(ingestInChild(options({ file: corrupt, gzip: true }))).rejects.toThrow(/gzip data is corrupt after 0 lines|unexpected end of file/);
  });
});
