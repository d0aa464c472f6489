import { monotonicFactory } from 'ulidx';

// Prefixed, time-sortable ids (`ws_01j…`): the prefix tells a reader what an id names,
// the ULID body sorts by creation time, which keeps lists and indexes in insertion order.
const ulid = monotonicFactory();

export type IdPrefix = 'job' | 'prm' | 'res' | 'led' | 'lse' | 'rsv' | 'grt' | 'rcpt' | 'usr' | 'ses' | 'ws' | 'key' | 'dlv' | 'cred' | 'dev' | 'stk' | 'inv' | 'run' | 'rec' | 'thr' | 'req' | 'evt' | 'tok' | 'inb' | 'pev' | 'seo' | 'rtr' | 'drf' | 'msg' | 'fnd' | 'rpt' | 'whk' | 'wdl' | 'alr' | 'alf' | 'sch' | 'mcq' | 'upl' | 'drn' | 'rdl' | 'pdl' | 'rbt' | 'can' | 'sjq';

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${ulid().toLowerCase()}`;
}
