import { randomFillSync } from 'node:crypto';
import { monotonicFactory } from 'ulidx';

// Prefixed, time-sortable ids (`ws_01j…`): the prefix tells a reader what an id names,
// the ULID body sorts by creation time, which keeps lists and indexes in insertion order.
// The ULID's random part from a pooled buffer of crypto random bytes: ulidx's own generator asks
// the OS-backed source for one byte per character (16 calls per id), a tenth of a run's id cost.
// A byte / 256 is uniform in [0, 1), so each base-32 character stays uniform.
const POOL = 4096;
const pool = Buffer.alloc(POOL);
let next = POOL;
function pooledRandom(): number {
  if (next === POOL) {
    randomFillSync(pool);
    next = 0;
  }
  return pool[next++]! / 256;
}
const ulid = monotonicFactory(pooledRandom);

export type IdPrefix = 'job' | 'prm' | 'res' | 'led' | 'lse' | 'rsv' | 'grt' | 'rcpt' | 'usr' | 'ses' | 'ws' | 'key' | 'dlv' | 'cred' | 'dev' | 'stk' | 'inv' | 'run' | 'rec' | 'thr' | 'req' | 'evt' | 'tok' | 'inb' | 'pev' | 'seo' | 'rtr' | 'drf' | 'msg' | 'fnd' | 'rpt' | 'whk' | 'wdl' | 'alr' | 'alf' | 'sch' | 'mcq' | 'upl' | 'drn' | 'rdl' | 'pdl' | 'rbt' | 'can' | 'sjq' | 'trf' | 'oac' | 'oag';

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${ulid().toLowerCase()}`;
}
