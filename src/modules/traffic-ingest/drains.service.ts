import type { Readable } from 'node:stream';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { seal, unseal } from '../../lib/crypto.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import { createBodyVerifier, drainPushPath, isDrainId, newDrainSecret, signatureClaim } from './drains.fns.ts';
import { createSpoolGate, spoolRefusal, SPOOL_DEADLINES, SPOOL_RETRY_AFTER_S, type SpoolDeadlines, type SpoolGate } from './spool-gate.fns.ts';
import { refuseDeclaredOverLimit, type TrafficService } from './ingest.service.ts';
import { trafficDrains } from './ingest.tables.ts';

// Log drains (docs/traffic.md, "Log drains"): a drain is a key of its own for one workspace that
// can do exactly one thing, push logs into that workspace. Its secret is shown once at creation
// and stored sealed with CREDENTIALS_KEY (AES-256-GCM, bound to the workspace and the drain), as
// the receiver must recompute HMACs with it: a hash would not do. A push is spooled and ingested
// by traffic.upload() itself, so it is as idempotent and as bounded as an upload.

type DrainRow = typeof trafficDrains.$inferSelect;
type Headers = Record<string, string | string[] | undefined>;

const sealedFor = (workspaceId: string, id: string) => `traffic_drain:${workspaceId}:${id}`;

/**
 * One answer for every refused push (unsigned, wrong signature, unknown or revoked drain): a
 * refusal does not say which. The drain id is no secret (it is in the push URL the sender is
 * given); only a known drain's push is spooled before it is judged, so timing, a 429 when its
 * unverified spools are full, and a 413 for a chunked body past 100 MB may tell that an id exists
 * — never anything about its secret. (A Content-Length over 100 MB is 413 for any id.)
 */
const refused = () => new AppError('invalid_key', 'The push is not signed with the secret of an active log drain: send the lowercase hex HMAC-SHA256 of the raw body in x-geo-signature (or Vercel\'s HMAC-SHA1 in x-vercel-signature).');

function view(row: DrainRow) {
  return {
    id: row.id, name: row.name, pushUrl: drainPushPath(row.id), vercelVerify: row.vercelVerify ?? null,
    createdAt: row.createdAt.toISOString(), revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

export function createDrainsService(deps: {
  db: Db; clock: Clock; credentialsKey: Buffer;
  traffic: Pick<TrafficService, 'upload'>;
  workspaces: { contextById(id: string): Promise<WorkspaceContext> };
  /** Bounds on pushes spooled but not yet verified (spool-gate.fns.ts); one per process. */
  spoolGate?: SpoolGate;
  /** How long an unverified push may take to arrive (spool-gate.fns.ts); tests shorten it. */
  spoolDeadlines?: SpoolDeadlines;
}) {
  const { db, clock } = deps;
  const gate = deps.spoolGate ?? createSpoolGate();

  const active = async (id: string) =>
    (await db.select().from(trafficDrains).where(and(eq(trafficDrains.id, id), isNull(trafficDrains.revokedAt))))[0] ?? null;

  return {
    async create(ws: WorkspaceContext, body: { name: string; vercelVerify?: string }) {
      const id = newId('drn');
      const secret = newDrainSecret();
      const [row] = await db.insert(trafficDrains).values({
        id, workspaceId: ws.id, name: body.name, vercelVerify: body.vercelVerify ?? null,
        secretSealed: seal(deps.credentialsKey, secret, sealedFor(ws.id, id)), createdAt: clock.now(),
      }).returning();
      return { ...view(row!), secret };
    },

    /** Renames, or sets (null: clears) the Vercel verification code; a revoked drain can still be edited, never revived. */
    async update(ws: WorkspaceContext, id: string, patch: { name?: string; vercelVerify?: string | null }) {
      const [row] = await db.update(trafficDrains).set(patch).where(and(eq(trafficDrains.id, id), eq(trafficDrains.workspaceId, ws.id))).returning();
      if (!row) throw notFound('Drain');
      return view(row);
    },

    /**
     * What the push URL answers in `x-vercel-verify` (Vercel checks it when a drain is added): the
     * active drain's code, or null. An unknown or revoked drain is refused as a push would be.
     */
    async vercelVerify(id: string): Promise<string | null> {
      const drain = isDrainId(id) ? await active(id) : null;
      if (!drain) throw refused();
      return drain.vercelVerify;
    },

    /** Newest first, revoked ones included (with when), never a secret. */
    list: async (ws: WorkspaceContext) =>
      (await db.select().from(trafficDrains).where(eq(trafficDrains.workspaceId, ws.id)).orderBy(desc(trafficDrains.id))).map(view),

    /** Revokes at once: a push signed with its secret is refused from now on. Revoking twice is the same as once. */
    async revoke(ws: WorkspaceContext, id: string) {
      const [row] = await db.select({ revokedAt: trafficDrains.revokedAt }).from(trafficDrains)
        .where(and(eq(trafficDrains.id, id), eq(trafficDrains.workspaceId, ws.id)));
      if (!row) throw notFound('Drain');
      if (!row.revokedAt) await db.update(trafficDrains).set({ revokedAt: clock.now() }).where(and(eq(trafficDrains.id, id), isNull(trafficDrains.revokedAt)));
    },

    /**
     * A signed push: the body is spooled while its HMAC is computed, then checked (constant time)
     * before anything else is said about it, and ingested into the drain's workspace only.
     * Before a byte is read: a declared length over the limit is 413 whatever the
     * drain, and a push to a known drain takes a place among the unverified spools (per drain,
     * per client address, in total) or is 429 with Retry-After. A refused push's spool is deleted.
     */
    async push(id: string, headers: Headers, body: Readable, clientAddress: string) {
      try {
        refuseDeclaredOverLimit(headers['content-length']);
      } catch (err) {
        body.resume();
        throw err;
      }
      const claim = signatureClaim(headers);
      const drain = claim && isDrainId(id) ? await active(id) : null;
      let secret: string | null = null;
      try {
        if (drain) secret = unseal(deps.credentialsKey, drain.secretSealed, sealedFor(drain.workspaceId, drain.id));
      } catch {
        secret = null; // sealed under another CREDENTIALS_KEY: it can no longer sign anything
      }
      if (!claim || !drain || secret === null) {
        body.resume(); // the rest of the body is read and dropped, so the answer reaches the client
        throw refused();
      }
      const place = gate.enter(drain.id, clientAddress);
      if (!place.ok) {
        body.resume();
        throw new AppError('rate_limited', spoolRefusal(place.over, place.limit), { scope: place.over, limit: place.limit }, { 'retry-after': String(SPOOL_RETRY_AFTER_S) });
      }
      const deadline = cutWhenStalled(body, deps.spoolDeadlines ?? SPOOL_DEADLINES);
      try {
        const verifier = createBodyVerifier(secret, claim);
        const ws = await deps.workspaces.contextById(drain.workspaceId);
        const job = await deps.traffic.upload(ws, null, body, `drain:${drain.id}`, {
          contentLength: headers['content-length'],
          onChunk: (chunk) => {
            deadline.arrived();
            verifier.update(chunk);
          },
          // Revoked while the body was arriving: refused as well.
          beforeStart: async () => {
            if (!verifier.matches() || !(await active(drain.id))) throw refused();
          },
        });
        return { job, vercelVerify: drain.vercelVerify };
      } finally {
        // Verified and handed to a job, or refused and its spool deleted (upload() does both).
        deadline.clear();
        place.leave();
      }
    },
  };
}
export type DrainsService = ReturnType<typeof createDrainsService>;

/**
 * Cuts an unverified push whose body stalls (no chunk for `idleMs`) or drags (past `totalMs`):
 * destroying the request closes its socket, the spool's pipeline fails, upload() deletes the
 * spool, and the caller's `finally` frees the gate's place. A trickling sender gets no answer; its
 * connection is closed.
 */
function cutWhenStalled(body: Readable, deadlines: SpoolDeadlines) {
  const cut = (why: string) => body.destroy(new AppError('invalid_request', `body: the push ${why}; an unverified push must arrive within ${deadlines.totalMs / 1000} s, with no pause over ${deadlines.idleMs / 1000} s.`));
  const idle = setTimeout(() => cut('paused too long'), deadlines.idleMs);
  const total = setTimeout(() => cut('took too long'), deadlines.totalMs);
  return {
    arrived: () => idle.refresh(),
    clear() {
      clearTimeout(idle);
      clearTimeout(total);
    },
  };
}
