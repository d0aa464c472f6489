import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { processEntry } from '../../lib/process-entry.ts';
import type { AgentData } from '../traffic/classify.fns.ts';
import type { IngestCounts, Unparsed } from './ingest.ts';
import type { DnsStats } from './rdns.ts';

// Each upload is ingested by a process of its own (ingest.child.ts): gunzipping and parsing a
// 100 MB log is a few seconds of one core and a heap full of short-lived strings, which would
// otherwise land on the event loop and the heap of the API (or the worker's other jobs). The
// child sends each batch as JSON text; this side writes it (the only database access, so the
// embedded database works the same) and acknowledges with the count of new rows, so at most one
// batch is in flight and a slow database slows the reader. Cancelling kills the child; a write in
// flight is awaited first, so "stored" stays true of what is said.

export type ParentMessage =
  | { type: 'start'; file: string; gzip: boolean; notBefore: number; agents: AgentData; dnsServers: string[] | null }
  | { type: 'written'; inserted: number };
export type ChildMessage =
  | { type: 'batch'; json: string; rows: number }
  | { type: 'progress'; bytes: number }
  | { type: 'done'; counts: IngestCounts; unparsed: Unparsed[]; dns: DnsStats | null; peakRssBytes: number }
  | { type: 'error'; message: string };

/** dist/ingest.child.js when compiled, else the source file through tsx. */
const CHILD = processEntry(new URL('./ingest.child.ts', import.meta.url));
/** The package root: where `--import tsx` is resolved from. */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** A small young generation: the garbage is per line, and a large one only raises the peak. */
const EXEC_ARGV = [...CHILD.execArgv, '--max-semi-space-size=8'];

export interface ChildResult { counts: IngestCounts; unparsed: Unparsed[]; dns: DnsStats | null; peakRssBytes: number }

export interface ChildIngestOptions {
  file: string;
  gzip: boolean;
  /** Hits before this instant (epoch ms) are counted as expired. */
  notBefore: number;
  agents: AgentData;
  /** Resolvers for reverse-DNS verification (empty: the system's), or null: no DNS lookups. */
  dnsServers: string[] | null;
  /** Writes one batch (the repo's JSON rows); answers how many rows were new. */
  write(json: string, rows: number): Promise<number>;
  /** Bytes of the file read so far. */
  progress(bytes: number): void;
  signal?: AbortSignal;
}

export function ingestInChild(o: ChildIngestOptions): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const child = fork(CHILD.file, [], { cwd: ROOT, execArgv: EXEC_ARGV, serialization: 'advanced', stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
    let writing: Promise<void> = Promise.resolve();
    let settled = false;
    function finish(err: Error | null, result?: ChildResult) {
      if (settled) return;
      settled = true;
      o.signal?.removeEventListener('abort', onAbort);
      if (child.exitCode === null && child.signalCode === null) child.kill();
      void writing.then(() => (err ? reject(err) : resolve(result!)));
    }
    const onAbort = () => finish(o.signal!.reason instanceof Error ? o.signal!.reason : new Error('cancelled'));
    if (o.signal?.aborted) return onAbort();
    o.signal?.addEventListener('abort', onAbort, { once: true });

    child.on('message', (m: ChildMessage) => {
      if (settled) return; // what was still in the pipe when it was ended
      if (m.type === 'batch') {
        // Set before the write starts: a cancellation from inside it must wait for it too.
        let written!: () => void;
        writing = new Promise<void>((r) => (written = r));
        o.write(m.json, m.rows)
          .then((inserted) => { if (!settled && child.connected) child.send({ type: 'written', inserted } satisfies ParentMessage); })
          .catch((err: Error) => finish(err))
          .finally(written);
      } else if (m.type === 'progress') o.progress(m.bytes);
      else if (m.type === 'done') finish(null, { counts: m.counts, unparsed: m.unparsed, dns: m.dns, peakRssBytes: m.peakRssBytes });
      else finish(new Error(m.message));
    });
    child.on('error', (err) => finish(err));
    child.on('exit', (code, signal) => {
      const last = stderr.trim().split('\n').slice(-3).join(' ');
      finish(new Error(`the ingestion process ended (${signal ?? `exit code ${code}`}) before it finished${last ? `: ${last}` : ''}`));
    });
    child.send({ type: 'start', file: o.file, gzip: o.gzip, notBefore: o.notBefore, agents: o.agents, dnsServers: o.dnsServers } satisfies ParentMessage);
  });
}
