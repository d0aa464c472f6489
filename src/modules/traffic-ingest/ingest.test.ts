import { describe, expect, it } from 'vitest';
import { createClassifier } from '../traffic/classify.fns.ts';
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

describe('createIngest with reverse-DNS confirmation', () => {
  const APPLE = (ip: string, i: number) => `${ip} - - [20/Nov/2026:10:00:${String(i).padStart(2, '0')} +0000] "GET /a${i} HTTP/1.1" 200 10 "-" "Mozilla/5.0 (Applebot/0.1)"`;

  it('asks only for agents with documented DNS that ranges did not verify, and counts each hit once its answer is in', async () => {
    const asked: string[] = [];
    const written: HitRow[] = [];
    const ingest = createIngest({
      classifier, notBefore: 0,
      confirm: async (ip, suffixes) => (asked.push(`${ip} ${suffixes.join(',')}`), ip === '17.1.2.3'),
      write: async (rows) => (written.push(...rows), rows.length),
    });
    await ingest.push([APPLE('17.1.2.3', 1), APPLE('198.51.100.1', 2), line(0), `198.51.100.2 - - [20/Nov/2026:10:00:03 +0000] "GET /c HTTP/1.1" 200 10 "-" "ClaudeBot/1.0"`].join('\n'));
    const { counts } = await ingest.end();
    expect(asked).toEqual(['17.1.2.3 .applebot.apple.com', '198.51.100.1 .applebot.apple.com']);
    expect(written.map((r) => [r.a, r.v, r.n])).toEqual([
      ['applebot', 'verified', '17.1.2.0/24'], ['applebot', 'claimed', '198.51.100.0/24'], ['gptbot', 'verified', '20.171.207.0/24'], ['claudebot', 'claimed', '198.51.100.0/24'],
    ]);
    expect(counts).toMatchObject({ agentHits: 4, verified: 2, claimed: 2 });
  });
});
