import { describe, expect, it } from 'vitest';
import { createClassifier } from './classify.fns.ts';
import { BATCH_ROWS, createIngest, type HitRow } from './ingest.ts';

// The loop writes one batch while it parses the next: writes stay in order, one at a time, every
// kept row is written once, and a failed write surfaces (never as an unhandled rejection).

const classifier = createClassifier();
const line = (i: number) => `20.171.207.${i % 250} - - [20/Nov/2026:10:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')} +0000] "GET /p${i} HTTP/1.1" 200 10 "-" "GPTBot/1.2"`;
const log = (n: number) => `${Array.from({ length: n }, (_, i) => line(i)).join('\n')}\n`;

describe('createIngest', () => {
  it('overlaps parsing with one write at a time, in order, every row once', async () => {
    const written: HitRow[][] = [];
    let inFlight = 0;
    let most = 0;
    const ingest = createIngest({
      classifier, notBefore: 0,
      async write(rows) {
        most = Math.max(most, ++inFlight);
        await new Promise((r) => setImmediate(r));
        written.push(rows);
        inFlight--;
        return rows.length;
      },
    });
    const n = BATCH_ROWS * 2 + 7;
    await ingest.push(log(n));
    const { counts } = await ingest.end();
    expect(most).toBe(1);
    expect(written.map((b) => b.length)).toEqual([BATCH_ROWS, BATCH_ROWS, 7]);
    expect(written.flat().map((r) => r.p)).toEqual(Array.from({ length: n }, (_, i) => `/p${i}`));
    expect(counts).toMatchObject({ lines: n, agentHits: n, inserted: n, duplicates: 0 });
  });

  it('a failed write is thrown by the next hand-over or by end()', async () => {
    const ingest = createIngest({ classifier, notBefore: 0, write: async () => Promise.reject(new Error('disk full')) });
    await expect((async () => {
      await ingest.push(log(BATCH_ROWS * 2 + 1));
      await ingest.end();
    })()).rejects.toThrow('disk full');
  });
});
