import { createHash } from 'node:crypto';
import { StringDecoder } from 'node:string_decoder';
import { truncateIp, type Agent, type Classifier } from '../traffic/classify.fns.ts';
import { newParseState, parseLine, SKIP, type Hit, type ParseState } from './parse.fns.ts';

// The ingestion loop: chunks of (already decompressed) log text in, batches of kept rows out.
// Memory is bounded by one chunk plus two batches, whatever the size of the upload: one batch is
// written while the next is parsed (the database and the parser work at once), and a batch is
// only handed over once the previous write has finished, so writes stay in order and a slow
// database slows the reader (backpressure).

export const BATCH_ROWS = 5_000;
export const UNPARSED_SAMPLE = 20;

/** One kept hit, as the repo writes it (columns of traffic_hits). */
import type { HitRow } from '../traffic/traffic.store.ts';
export type { HitRow };

export interface IngestCounts {
  /** Every non-empty line read. */
  lines: number;
  /** Comments, headers and non-request records (CloudFront `#` lines, Vercel build logs). */
  skipped: number;
  unparsed: number;
  /** Requests by AI agents, by verification. */
  agentHits: number;
  verified: number;
  claimed: number;
  /** Human visits referred by an AI answer. */
  referrals: number;
  /** Requests neither by an AI agent nor AI-referred: counted, not stored. */
  other: number;
  /** Older than the workspace's retention: counted, not stored (aggregates would count them again on re-upload). */
  expired: number;
  /** Kept rows actually inserted, and those already stored by an earlier upload (same line). */
  inserted: number;
  duplicates: number;
}

export interface Unparsed { line: number; reason: string; text: string }

export const emptyCounts = (): IngestCounts => ({ lines: 0, skipped: 0, unparsed: 0, agentHits: 0, verified: 0, claimed: 0, referrals: 0, other: 0, expired: 0, inserted: 0, duplicates: 0 });

/** A line's identity: the first 64 bits of its SHA-1, as a signed bigint's decimal text. */
export function lineHash(line: string): string {
  return createHash('sha1').update(line).digest().readBigInt64BE(0).toString();
}

export interface IngestOptions {
  classifier: Classifier;
  /** Writes a batch; answers how many rows were new. */
  write(rows: HitRow[]): Promise<number>;
  /** Hits before this instant (epoch ms) are counted as expired. */
  notBefore: number;
  /**
   * Forward-confirmed reverse DNS for a hit its operator's ranges did not verify, when the operator
   * documents it (`agent.rdns`); without it such hits stay `claimed`.
   */
  confirm?: (ip: string, suffixes: readonly string[]) => Promise<boolean>;
  signal?: AbortSignal;
}

export function createIngest(options: IngestOptions) {
  const { classifier } = options;
  const counts = emptyCounts();
  const unparsed: Unparsed[] = [];
  const state: ParseState = newParseState();
  const decoder = new StringDecoder('utf8');
  let rest = '';
  let batch: HitRow[] = [];
  /** Reverse-DNS answers the current batch waits for before it is handed over. */
  let pending: Promise<void>[] = [];
  /** The batch being written, if any. */
  let writing: Promise<void> | null = null;

  /** Waits for the write in flight (rethrowing its error). */
  async function settle() {
    const w = writing;
    writing = null;
    if (w) await w;
  }

  /** Hands the batch to the writer once the previous write is done; does not wait for this one. */
  async function flush() {
    if (!batch.length) return;
    if (pending.length) {
      const waits = pending;
      pending = [];
      await Promise.all(waits);
    }
    await settle();
    const rows = batch;
    batch = [];
    writing = options.write(rows).then((inserted) => {
      counts.inserted += inserted;
      counts.duplicates += rows.length - inserted;
    });
    // Handled here so that a failure is not reported as unhandled before settle() rethrows it.
    writing.catch(() => {});
  }

  function keep(line: string, hit: Hit, agent: string | null, verification: 'verified' | 'claimed' | null, engine: string | null) {
    const row: HitRow = {
      h: lineHash(line), t: hit.at, a: agent, v: verification, n: truncateIp(hit.ip), m: hit.method, p: hit.path,
      s: hit.status, b: hit.bytes, e: engine, u: hit.userAgent.slice(0, 512),
    };
    batch.push(row);
    return row;
  }

  function keepAgentHit(line: string, hit: Hit, agent: Agent) {
    counts.agentHits++;
    const byRanges = classifier.verify(agent, hit.ip);
    if (byRanges === 'verified' || !options.confirm || !agent.rdns?.length) {
      counts[byRanges]++;
      return void keep(line, hit, agent.id, byRanges, null);
    }
    // Counted once the answer is in; the raw address goes to the lookup, only the truncated one is kept.
    const row = keep(line, hit, agent.id, 'claimed', null);
    pending.push(options.confirm(hit.ip, agent.rdns).then((ok) => {
      row.v = ok ? 'verified' : 'claimed';
      counts[row.v]++;
    }));
  }

  function reject(text: string, reason: string) {
    counts.unparsed++;
    // NUL cannot be stored in jsonb: the sample shows U+FFFD in its place (a NUL in a line failed the whole job).
    if (unparsed.length < UNPARSED_SAMPLE) unparsed.push({ line: counts.lines, reason, text: text.slice(0, 300).replaceAll('\u0000', '\uFFFD') });
  }

  function line(raw: string) {
    const text = raw.charCodeAt(raw.length - 1) === 13 ? raw.slice(0, -1) : raw;
    if (!text.trim()) return;
    counts.lines++;
    const result = parseLine(text, state);
    if (result === SKIP) return void counts.skipped++;
    if ('error' in result) return reject(text, result.error);
    const agent = classifier.agentOf(result.userAgent);
    const engine = agent ? null : classifier.referrerEngine(result.referrer);
    if (!agent && !engine) return void counts.other++;
    if (result.at < options.notBefore) return void counts.expired++;
    if (agent) {
      keepAgentHit(text, result, agent);
    } else {
      counts.referrals++;
      keep(text, result, null, null, engine);
    }
  }

  return {
    counts,
    unparsed,
    /** Feeds one chunk of text; resolves once any full batch it completed is written. */
    async push(chunk: Buffer | string) {
      options.signal?.throwIfAborted();
      const text = rest + (typeof chunk === 'string' ? chunk : decoder.write(chunk));
      let start = 0;
      for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
        line(text.slice(start, nl));
        start = nl + 1;
        if (batch.length >= BATCH_ROWS) await flush();
      }
      rest = text.slice(start);
      // A "line" longer than 1 MiB is not a log line: counted once as unparsed, then dropped.
      if (rest.length > 1 << 20) {
        counts.lines++;
        reject(rest, 'line longer than 1 MiB');
        rest = '';
      }
    },
    /** Waits for the write in flight: after a read error, so that "those lines are stored" is true when said. */
    written: () => settle(),
    /** The last line (without a final newline) and the last batch. */
    async end() {
      const tail = rest + decoder.end();
      rest = '';
      if (tail) line(tail);
      await flush();
      await settle();
      return { counts, unparsed };
    },
  };
}
