import { createWriteStream } from 'node:fs';
import { mkdir, open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import type { JobContext, JobsService } from '../jobs/jobs.service.ts';
import { createClassifier, type Classifier } from '../traffic/classify.fns.ts';
import type { IngestCounts, Unparsed } from './ingest.ts';
import { ingestInChild } from './ingest.process.ts';
import { MAX_DNS_ADDRESSES } from './rdns.ts';
import { createTrafficRepo } from '../traffic/traffic.store.ts';
import { trafficUploads } from './ingest.tables.ts';

// Log uploads: the request body is spooled to DATA_DIR as it arrives (never held in memory), a
// `traffic_ingest` job has a process of its own read it back (gunzipping when it starts with the
// gzip magic bytes) and classify every line (ingest.process.ts), writes the kept hits it hands
// over in set-based batches, then deletes the file.
// Workers on other hosts need DATA_DIR shared with the API (as for job logs).

export const KIND = 'traffic_ingest';
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
const GZIP_MAGIC = [0x1f, 0x8b];

export type UploadRow = typeof trafficUploads.$inferSelect;

const tooLarge = () => new AppError('payload_too_large', `An upload is at most ${MAX_UPLOAD_BYTES} bytes (100 MB); split the log or push it in parts.`, { maxBytes: MAX_UPLOAD_BYTES });

/**
 * A body whose Content-Length says it is over the limit is refused before a byte of it is read or
 * written; one sent without a length (chunked) is still cut at the limit as it arrives.
 */
export function refuseDeclaredOverLimit(contentLength: string | string[] | undefined) {
  const declared = typeof contentLength === 'string' && /^\d+$/.test(contentLength.trim()) ? Number(contentLength) : 0;
  if (declared > MAX_UPLOAD_BYTES) throw tooLarge();
}

/** What a caller of upload() may add (a drain push checks its signature over the same bytes). */
export interface UploadHooks {
  /** The request's Content-Length header, when sent: over the limit, nothing is read (refuseDeclaredOverLimit). */
  contentLength?: string | string[];
  /** Sees every byte of the body as it is spooled, in order. */
  onChunk?(chunk: Buffer): void;
  /** Runs once the whole body is spooled, before it is judged (empty?) or a job starts: throwing refuses the upload and deletes the spool file. */
  beforeStart?(): void | Promise<void>;
}

export function uploadView(row: UploadRow | null, id: string) {
  return {
    id, source: row?.source ?? 'upload', bytesReceived: row?.bytesReceived ?? 0,
    counts: { ...emptyView(), ...(row?.counts ?? {}) } as IngestCounts,
    unparsedSample: row?.unparsedSample ?? [], finishedAt: row?.finishedAt?.toISOString() ?? null,
  };
}
const emptyView = (): IngestCounts => ({ lines: 0, skipped: 0, unparsed: 0, agentHits: 0, verified: 0, claimed: 0, referrals: 0, other: 0, expired: 0, inserted: 0, duplicates: 0 });

export function createTrafficService(deps: {
  db: Db; clock: Clock; jobs: JobsService; dataDir: string; classifier?: Classifier;
  /** Resolvers for reverse-DNS verification (empty: the system's), or null: none (config TRAFFIC_DNS). */
  dnsServers?: string[] | null;
}) {
  const { db, clock } = deps;
  const repo = createTrafficRepo(db);
  const classifier = deps.classifier ?? createClassifier();
  const spoolDir = path.join(deps.dataDir, 'traffic', 'uploads');

  async function record(id: string, workspaceId: string, source: string, bytes: number, result: { counts: IngestCounts; unparsed: Unparsed[] } | null) {
    const values = {
      id, workspaceId, source, bytesReceived: bytes, createdAt: clock.now(),
      counts: result ? { ...result.counts } : {}, unparsedSample: result?.unparsed ?? [], finishedAt: result ? clock.now() : null,
    };
    await db.insert(trafficUploads).values(values)
      .onConflictDoUpdate({ target: trafficUploads.id, set: { counts: values.counts, unparsedSample: values.unparsedSample, finishedAt: values.finishedAt } });
  }

  async function work(ctx: JobContext) {
    const { file, source, bytes } = ctx.job.params as { file: string; source: string; bytes: number };
    try {
      await record(ctx.job.id, ctx.job.workspaceId, source, bytes, null);
      const head = Buffer.alloc(2);
      const fd = await open(file, 'r');
      await fd.read(head, 0, 2, 0).finally(() => fd.close());
      const gzip = head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1];
      const days = await repo.retentionDays(ctx.job.workspaceId);
      const t0 = performance.now();
      const result = await ingestInChild({
        file, gzip, notBefore: clock.now().getTime() - days * 86_400_000, agents: classifier.source, signal: ctx.signal, dnsServers: deps.dnsServers ?? null,
        write: (json) => repo.writeJson(ctx.job.workspaceId, json),
        progress: (read) => ctx.progress(Math.floor(read / 1024)),
      });
      await record(ctx.job.id, ctx.job.workspaceId, source, bytes, result);
      const c = result.counts;
      await ctx.log(`${c.lines} lines${gzip ? ' (gzip)' : ''}: ${c.agentHits} AI agent hits (${c.verified} verified, ${c.claimed} claimed), ${c.referrals} AI referrals, ${c.other} other, ${c.unparsed} unparsed, ${c.skipped} skipped, ${c.expired} past retention; ${c.inserted} stored, ${c.duplicates} already stored`);
      await ctx.log(`read in ${((performance.now() - t0) / 1000).toFixed(1)} s by an ingestion process of its own (peak memory ${Math.round(result.peakRssBytes / 2 ** 20)} MB)`);
      if (result.dns?.checked || result.dns?.skipped) {
        const d = result.dns;
        const skipped = !d.skipped ? '' : d.unanswered
          ? `; the resolver stopped answering, so ${d.skipped} more hits stay claimed (TRAFFIC_DNS)`
          : `; ${d.skipped} hits past the limit of ${MAX_DNS_ADDRESSES} addresses per upload stay claimed`;
        await ctx.log(`reverse DNS: ${d.checked} addresses checked, ${d.confirmed} confirmed${skipped}`);
      }
      if (c.unparsed) await ctx.log(`${c.unparsed} lines did not parse; a sample is in GET /api/v1/workspaces/{workspace}/traffic/uploads/${ctx.job.id}`);
      ctx.progress(Math.ceil(bytes / 1024));
    } finally {
      await rm(file, { force: true });
    }
  }
  deps.jobs.register(KIND, work);

  return {
    repo,
    classifier,

    /** Spools the body (at most MAX_UPLOAD_BYTES) and starts the ingestion job: 202. */
    async upload(ws: WorkspaceContext, userId: string | null, body: Readable, source = 'upload', hooks: UploadHooks = {}) {
      try {
        refuseDeclaredOverLimit(hooks.contentLength);
      } catch (err) {
        body.resume(); // read and dropped, never written, so the answer reaches the client
        throw err;
      }
      await mkdir(spoolDir, { recursive: true });
      const file = path.join(spoolDir, `${newId('upl')}.log`);
      let bytes = 0;
      const limit = new Transform({
        transform(chunk: Buffer, _enc, done) {
          bytes += chunk.length;
          if (bytes > MAX_UPLOAD_BYTES) return done(tooLarge());
          hooks.onChunk?.(chunk);
          done(null, chunk);
        },
      });
      try {
        await pipeline(body, limit, createWriteStream(file));
        await hooks.beforeStart?.();
        if (bytes === 0) throw invalid('body: the upload is empty; send the log file as the request body.');
        return await deps.jobs.start({
          ws, kind: KIND, group: KIND, totalCalls: Math.max(1, Math.ceil(bytes / 1024)), progressSource: 'kilobytes', createdBy: userId,
          params: { file, source, bytes }, estimateMicrousd: 0,
        });
      } catch (err) {
        await rm(file, { force: true });
        // The client hung up mid-body: nothing was started.
        if ((err as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE' || (err as { code?: string }).code === 'ECONNRESET') throw invalid('body: the upload ended before it was complete.');
        throw err;
      } finally {
        body.resume(); // whatever was not read (a refused upload) is drained, so the answer reaches the client
      }
    },

    async uploadResult(ws: WorkspaceContext, id: string) {
      const job = await deps.jobs.get(ws, id, KIND).catch(() => null);
      const [row] = await db.select().from(trafficUploads).where(eq(trafficUploads.id, id));
      if (!row && !job) throw notFound('Upload');
      if (row && row.workspaceId !== ws.id) throw notFound('Upload');
      return { ...uploadView(row ?? null, id), status: job?.status ?? 'succeeded' };
    },

    /** The latest uploads and drain pushes, newest first, each with its counts and status. */
    async uploads(ws: WorkspaceContext, limit: number) {
      const rows = await db.select().from(trafficUploads).where(eq(trafficUploads.workspaceId, ws.id))
        .orderBy(desc(trafficUploads.createdAt), desc(trafficUploads.id)).limit(limit);
      return Promise.all(rows.map(async (row) => ({
        ...uploadView(row, row.id), createdAt: row.createdAt.toISOString(),
        // A finished row succeeded; an unfinished one is still running, or its job failed (it says which).
        status: row.finishedAt ? 'succeeded' as const : (await deps.jobs.get(ws, row.id, KIND).catch(() => null))?.status ?? 'failed' as const,
      })));
    },

    retentionDays: (ws: WorkspaceContext) => repo.retentionDays(ws.id),
    async setRetentionDays(ws: WorkspaceContext, days: number) {
      await repo.setRetentionDays(ws.id, days);
      return { retentionDays: days };
    },

    /** Maintenance: raw hits past retention are deleted; aggregates stay. */
    sweep: () => repo.sweep(clock.now()),
  };
}
export type TrafficService = ReturnType<typeof createTrafficService>;
