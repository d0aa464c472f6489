import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rawRows, type Db } from '../../../lib/db.ts';
import { abortableSleep } from './sleep.ts';
import type { LimitSignal } from './headers.fns.ts';
import type { EngineLimitsConfig, PacedProvider } from './limits.config.ts';

// Fleet-wide pacing per provider key through the database (PGlite or PostgreSQL): each attempt
// reserves its slot with one UPDATE on the key's row, which serialises every process's
// reservations; the caller then sleeps until its slot. The same row carries the pace learnt
// from headers, pauses, the circuit, and (beside it) the day's spend for the ceiling.

/**
 * How late a caller may send after its slot. Sends spread over at most this much (plus the
 * network) never exceed a provider's burst allowance at its rate when its window is ≥ ~0.5 s
 * (OpenAI quantises a minute's limit to about a second); a later caller reserves again.
 */
export const LATE_MS = 250;
const MAX_LATE = 3;

export const keyId = (apiKey: string) => createHash('sha256').update(apiKey).digest('hex').slice(0, 24);
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export interface ProviderStatus {
  provider: PacedProvider;
  circuit: 'closed' | 'open' | 'half-open';
  /** Why calls wait, when they do: an open circuit or a reached daily ceiling. */
  paused: string | null;
  failures: number;
  lastError: string | null;
  openedAt: string | null;
  rpm: number;
  tpm: number;
  spentTodayMicrousd: number;
  dailyCeilingMicrousd: number;
}

interface Slot { blocked: boolean; start: number; was_open: number; failures: number; spent: number; ceiling_hit: boolean }

/** `now` and `sleep` are injectable so that a test can cross a UTC midnight without waiting for one. */
export function createPacer(deps: { db: Db; limits: EngineLimitsConfig; now?: () => number; sleep?: typeof abortableSleep }) {
  const { db, limits } = deps;
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? abortableSleep;
  const known = new Set<string>();
  /** Failures seen at the last reservation, so that a success writes its reset only when one is due. */
  const seenFailures = new Map<string, number>();
  const paced = new Map<string, { rpm: number; tpm: number }>();
  /** Slots given up because their caller woke too late (see LATE_MS), for tests and benchmarks. */
  let lateSlots = 0;

  async function ensure(provider: PacedProvider, key: string) {
    const id = `${provider}:${key}`;
    if (known.has(id)) return;
    const cfg = limits.providers[provider];
    await db.execute(sql`insert into provider_pacing (provider, key_id, rpm, tpm) values (${provider}, ${key}, ${cfg.rpm}, ${cfg.tpm}) on conflict do nothing`);
    known.add(id);
  }

  /** Adds calls' cost to the provider's day (the daily ceiling's count); a batch's results add theirs when collected. */
  async function spent(provider: PacedProvider, costMicrousd: number, calls: number) {
    if (calls > 0 && (costMicrousd > 0 || limits.providers[provider].dailyMicrousd > 0)) {
      await db.execute(sql`insert into provider_spend (provider, day, microusd, calls) values (${provider}, ${utcDay(now())}, ${costMicrousd}, ${calls})
        on conflict (provider, day) do update set microusd = provider_spend.microusd + excluded.microusd, calls = provider_spend.calls + excluded.calls`);
    }
  }

  return {
    get lateSlots() { return lateSlots; },

    /**
     * Waits for this key's next slot (requests and the call's estimated tokens), past an open
     * circuit and a reached daily ceiling. Returns whether this call is the half-open probe.
     */
    async acquire(provider: PacedProvider, key: string, tokens: number, signal: AbortSignal, onWait?: (why: string) => void): Promise<{ probe: boolean }> {
      await ensure(provider, key);
      const ceiling = limits.providers[provider].dailyMicrousd;
      let late = 0;
      for (;;) {
        const t = now();
        // One statement: the old row (locked), the day's spend, and the reservation made only when nothing blocks.
        const [slot] = await rawRows<Slot>(db, sql`
          with o as (select * from provider_pacing where provider = ${provider} and key_id = ${key} for update),
               sp as (select coalesce(sum(microusd), 0)::float8 as spent from provider_spend where provider = ${provider} and day = ${utcDay(t)}),
               b as (select o.provider, o.key_id, (${ceiling}::bigint > 0 and sp.spent >= ${ceiling}::bigint) as ceiling_hit, sp.spent,
                            greatest(o.next_request_at, o.next_token_at, ${t}::float8, o.paused_until) as start from o, sp)
          update provider_pacing p set
            next_request_at = case when o.open_until > ${t}::float8 or b.ceiling_hit then o.next_request_at else b.start + 60000.0 / o.rpm end,
            next_token_at = case when o.open_until > ${t}::float8 or b.ceiling_hit or o.tpm = 0 then o.next_token_at else b.start + ${tokens}::float8 * 60000.0 / o.tpm end,
            open_until = case when o.open_until > 0 and o.open_until <= ${t}::float8 and not b.ceiling_hit then ${t + limits.circuitOpenMs}::float8 else o.open_until end
          from o, b where p.provider = o.provider and p.key_id = o.key_id
          returning (o.open_until > ${t}::float8 or b.ceiling_hit) as blocked, b.start, o.open_until as was_open, o.failures, b.spent, b.ceiling_hit`);
        if (!slot) throw new Error(`no pacing row for ${provider}`);
        seenFailures.set(`${provider}:${key}`, slot.failures);
        if (slot.ceiling_hit) {
          onWait?.(`${provider} daily ceiling of $${(ceiling / 1e6).toFixed(2)} reached`);
          const midnight = Date.parse(`${utcDay(t)}T00:00:00Z`) + 86_400_000;
          await sleep(Math.min(60_000, midnight - t), signal);
          continue;
        }
        if (slot.blocked) {
          onWait?.(`${provider} circuit open`);
          await sleep(Math.max(1, Number(slot.was_open) - t), signal);
          continue;
        }
        const probe = Number(slot.was_open) > 0;
        await sleep(Number(slot.start) - now(), signal);
        // A slot missed by more than LATE_MS is given up and a new one reserved: this process was
        // held up (a busy event loop fires its due timers together, a slow reservation returns a
        // slot already past), and sending now would bunch with the slots after it, which other
        // processes send on time; a provider counting over a window of a second refuses the
        // bunch. The probe goes anyway: the circuit waits for it. After MAX_LATE tries the caller
        // sends: a process late every time is late steadily, which does not bunch.
        if (!probe && late < MAX_LATE && now() - Number(slot.start) > LATE_MS) {
          late++;
          lateSlots++;
          continue;
        }
        return { probe };
      }
    },

    /** Applies what an answer's headers said: the key's limits, and a pause while its bucket is empty. */
    async observe(provider: PacedProvider, key: string, signal: LimitSignal) {
      const id = `${provider}:${key}`;
      const last = paced.get(id);
      const changed = (signal.rpm && signal.rpm !== last?.rpm) || (signal.tpm && signal.tpm !== last?.tpm);
      if (!changed && !signal.pauseUntil) return;
      paced.set(id, { rpm: signal.rpm ?? last?.rpm ?? 0, tpm: signal.tpm ?? last?.tpm ?? 0 });
      await db.execute(sql`update provider_pacing set
          rpm = coalesce(${signal.rpm ?? null}::int, rpm), tpm = coalesce(${signal.tpm ?? null}::int, tpm),
          paused_until = greatest(paused_until, ${signal.pauseUntil ?? 0}::float8)
        where provider = ${provider} and key_id = ${key}`);
    },

    /** A successful attempt: closes the circuit (when failures were seen), corrects the token estimate, adds the cost to the day. */
    async succeeded(provider: PacedProvider, key: string, probe: boolean, tokenError: number, costMicrousd: number) {
      const id = `${provider}:${key}`;
      if (probe || (seenFailures.get(id) ?? 0) > 0 || tokenError) {
        seenFailures.set(id, 0);
        await db.execute(sql`update provider_pacing set failures = 0, open_until = 0,
            next_token_at = case when tpm > 0 then next_token_at + ${tokenError}::float8 * 60000.0 / tpm else next_token_at end
          where provider = ${provider} and key_id = ${key}`);
      }
      await spent(provider, costMicrousd, 1);
    },

    spent,

    /** A failed attempt that says the provider is unwell (5xx, timeout, cut body): counts toward opening the circuit. */
    async failed(provider: PacedProvider, key: string, reason: string) {
      const t = now();
      await db.execute(sql`update provider_pacing set failures = failures + 1, last_error = ${reason.slice(0, 300)},
          opened_at = case when failures + 1 >= ${limits.circuitFailures} and open_until <= ${t}::float8 then ${t}::float8 else opened_at end,
          open_until = case when failures + 1 >= ${limits.circuitFailures} then ${t + limits.circuitOpenMs}::float8 else open_until end
        where provider = ${provider} and key_id = ${key}`);
    },

    /** Each provider's circuit, pause and spend (every key folded: the worst state wins), for run status. */
    async status(providers: readonly PacedProvider[], key?: string): Promise<ProviderStatus[]> {
      if (!providers.length) return [];
      const t = now();
      const rows = await rawRows<{ provider: PacedProvider; open_until: number; opened_at: number; failures: number; last_error: string | null; rpm: number; tpm: number }>(db,
        sql`select provider, open_until, opened_at, failures, last_error, rpm, tpm from provider_pacing where provider in ${providers} ${key ? sql`and key_id = ${key}` : sql``}`);
      const spend = await rawRows<{ provider: string; microusd: number }>(db, sql`select provider, microusd::float8 as microusd from provider_spend where day = ${utcDay(t)} and provider in ${providers}`);
      return providers.map((provider) => {
        const mine = rows.filter((r) => r.provider === provider);
        const open = mine.find((r) => Number(r.open_until) > t);
        const half = mine.find((r) => Number(r.open_until) > 0 && Number(r.open_until) <= t);
        const worst = open ?? half ?? mine.sort((a, b) => b.failures - a.failures)[0];
        const spent = Number(spend.find((s) => s.provider === provider)?.microusd ?? 0);
        const ceiling = limits.providers[provider].dailyMicrousd;
        const circuit = open ? 'open' : half ? 'half-open' : 'closed';
        const paused = open ? `${provider} circuit open after ${open.failures} failed attempts (last: ${open.last_error ?? 'unknown'}); calls wait for a probe at ${new Date(Number(open.open_until)).toISOString()}`
          : ceiling > 0 && spent >= ceiling ? `${provider} daily ceiling of $${(ceiling / 1e6).toFixed(2)} reached ($${(spent / 1e6).toFixed(2)} spent today, UTC); new calls wait for the next day` : null;
        return {
          provider, circuit, paused, failures: worst?.failures ?? 0, lastError: worst?.last_error ?? null,
          openedAt: open || half ? new Date(Number((open ?? half)!.opened_at)).toISOString() : null,
          rpm: worst?.rpm ?? limits.providers[provider].rpm, tpm: worst?.tpm ?? limits.providers[provider].tpm, spentTodayMicrousd: spent, dailyCeilingMicrousd: ceiling,
        };
      });
    },
  };
}
export type Pacer = ReturnType<typeof createPacer>;
