import { createReadStream, readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline as pipe, Transform } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { createClassifier } from '../traffic/classify.fns.ts';
import { inflationLimit, inflationMessage } from './inflate.fns.ts';
import { createIngest } from './ingest.ts';
import type { ChildMessage, ParentMessage } from './ingest.process.ts';
import { createArraySplitter, startsWithArray } from './json-array.fns.ts';
import { createConfirmer, systemLookups } from './rdns.ts';

// The ingestion process (forked by ingest.process.ts for each upload): it reads the spooled file,
// gunzips, splits, parses, classifies and hashes every line, and hands each batch of kept rows to
// the parent as the JSON text the repo writes. The parent only writes: the CPU and the garbage of
// a 100 MB upload stay here, apart from the API's event loop and heap, and go when this exits.
// It imports nothing of the app beyond the pure parsing modules, so it starts small.

const send = (message: ChildMessage) => new Promise<void>((resolve, reject) => process.send!(message, undefined, {}, (err) => (err ? reject(err) : resolve())));

let acknowledge: ((inserted: number) => void) | null = null;

/**
 * This process's peak RSS since it started: VmHWM on Linux. Not getrusage's maxrss, which Linux
 * carries over from the forked copy of the parent before exec (a 300 MB API would read as 300 MB).
 */
function peakRss(): number {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    if (kb) return Number(kb) * 1024;
  } catch {
    // not Linux
  }
  return process.resourceUsage().maxRSS * 1024;
}

async function run(start: Extract<ParentMessage, { type: 'start' }>) {
  const confirmer = start.dnsServers ? createConfirmer(systemLookups(start.dnsServers)) : null;
  const ingest = createIngest({
    classifier: createClassifier(start.agents),
    notBefore: start.notBefore,
    confirm: confirmer?.confirm,
    write: (rows) => new Promise<number>((resolve, reject) => {
      acknowledge = resolve;
      send({ type: 'batch', json: JSON.stringify(rows), rows: rows.length }).catch(reject);
    }),
  });
  let read = 0;
  const progress = new Transform({
    transform(chunk: Buffer, _enc, done) {
      read += chunk.length;
      done(null, chunk);
    },
  });
  // Inflated bytes are counted as they leave gunzip: past the limit the chain stops.
  const INFLATION = 'GEO_INFLATION_LIMIT';
  const compressed = start.gzip ? (await stat(start.file)).size : 0;
  const limit = start.gzip ? inflationLimit(compressed) : Infinity;
  const file = pipe(createReadStream(start.file, { highWaterMark: 1 << 20 }), progress, () => {});
  let inflated = 0;
  const bounded = new Transform({
    transform(chunk: Buffer, _enc, done) {
      inflated += chunk.length;
      if (inflated > limit) return done(Object.assign(new Error('inflation limit'), { code: INFLATION }));
      done(null, chunk);
    },
  });
  // Errors anywhere in the chain (a corrupt gzip stream, the inflation limit) surface in the loop below.
  const text = start.gzip ? pipe(file, createGunzip(), bounded, () => {}) : file;
  // A body that opens with `[` is a JSON array (Vercel's `json` drains): split into lines as it streams.
  let array: ReturnType<typeof createArraySplitter> | null | undefined;
  try {
    for await (const chunk of text) {
      if (array === undefined) {
        const opens = startsWithArray(chunk as Buffer);
        if (opens !== null) array = opens ? createArraySplitter() : null;
      }
      await ingest.push(array ? array.write(chunk as Buffer) : (chunk as Buffer));
      await send({ type: 'progress', bytes: read });
    }
  } catch (err) {
    await ingest.written();
    const code = (err as { code?: string }).code;
    if (code === INFLATION) throw new Error(inflationMessage(compressed, ingest.counts.lines));
    if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR') {
      throw new Error(`the gzip data is corrupt after ${ingest.counts.lines} lines (those lines are stored): ${(err as Error).message}`);
    }
    throw err;
  }
  const result = await ingest.end();
  // Its peak resident memory is reported, so an operator (and the benchmark) sees what an upload costs.
  await send({ type: 'done', counts: result.counts, unparsed: result.unparsed, dns: confirmer?.stats ?? null, peakRssBytes: peakRss() });
}

// The job that forked it is gone (its process ended): nobody would write what it reads.
process.on('disconnect', () => process.exit(0));

process.on('message', (message: ParentMessage) => {
  if (message.type === 'written') {
    const ack = acknowledge;
    acknowledge = null;
    ack?.(message.inserted);
  } else if (message.type === 'start') {
    run(message)
      .catch((err: Error) => send({ type: 'error', message: err.message }))
      .catch(() => {})
      .finally(() => process.connected && process.disconnect());
  }
});
