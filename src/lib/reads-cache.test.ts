import { describe, expect, it } from 'vitest';
import { computedAfresh, createReadsCache, WRITE_HOLD_MS } from './reads-cache.ts';

/** A computation that counts its calls and ends when told. */
function gate<T>(value: T) {
  let calls = 0;
  let release!: () => void;
  const opened = new Promise<void>((resolve) => (release = resolve));
  return { compute: async () => { calls++; await opened; return value; }, release: () => release(), calls: () => calls };
}

describe('reads cache', () => {
  it('computes concurrent identical reads once, and serves the kept value after', async () => {
    const cache = createReadsCache({ ttlMs: 60_000 });
    const g = gate({ n: 1 });
    const readers = Array.from({ length: 10 }, () => cache.read('ws', 'k', g.compute));
    g.release();
    const values = await Promise.all(readers);
    expect(g.calls()).toBe(1);
    expect(new Set(values).size).toBe(1);
    expect(await cache.read('ws', 'k', async () => ({ n: 2 }))).toEqual({ n: 1 });
    // Kept values are shared: frozen, so no reader changes them for the others.
    expect(Object.isFrozen(values[0])).toBe(true);
  });

  it('inside a computation made afresh, neither serves nor keeps a value', async () => {
    const cache = createReadsCache({ ttlMs: 60_000 });
    await cache.read('ws', 'k', async () => 'kept');
    expect(await computedAfresh(() => cache.read('ws', 'k', async () => 'made now'))).toBe('made now');
    expect(await computedAfresh(() => cache.read('ws', 'other', async () => 'made now'))).toBe('made now');
    // Outside it, the kept value as before; what was made afresh was not kept.
    expect(await cache.read('ws', 'k', async () => 'x')).toBe('kept');
    expect(await cache.read('ws', 'other', async () => 'computed')).toBe('computed');
  });

  it('keeps other keys and workspaces apart', async () => {
    const cache = createReadsCache({ ttlMs: 60_000 });
    await cache.read('a', 'k', async () => 'a');
    await cache.read('b', 'k', async () => 'b');
    expect(await cache.read('a', 'k', async () => 'x')).toBe('a');
    expect(await cache.read('b', 'k', async () => 'x')).toBe('b');
    expect(await cache.read('a', 'other', async () => 'y')).toBe('y');
  });

  it.each([
    ['changed', (c: ReturnType<typeof createReadsCache>) => c.changed('ws')],
    ['writing then settled', (c: ReturnType<typeof createReadsCache>) => { c.writing('ws'); c.settled('ws'); }],
  ])('drops what was kept once a write is %s', async (_label, write) => {
    const cache = createReadsCache({ ttlMs: 60_000 });
    await cache.read('ws', 'k', async () => 'old');
    write(cache);
    expect(await cache.read('ws', 'k', async () => 'new')).toBe('new');
    expect(await cache.read('ws', 'k', async () => 'newer')).toBe('new');
    await cache.read('other', 'k', async () => 'kept');
    write(cache);
    expect(await cache.read('other', 'k', async () => 'x')).toBe('kept');
  });

  it('serves nothing kept while a write is open, and keeps nothing computed then', async () => {
    const cache = createReadsCache({ ttlMs: 60_000 });
    await cache.read('ws', 'k', async () => 'before');
    cache.writing('ws');
    expect(await cache.read('ws', 'k', async () => 'during')).toBe('during');
    expect(await cache.read('ws', 'k', async () => 'during 2')).toBe('during 2');
    cache.settled('ws');
    expect(await cache.read('ws', 'k', async () => 'after')).toBe('after');
    expect(await cache.read('ws', 'k', async () => 'x')).toBe('after');
  });

  it('neither keeps nor shares a computation begun before a write that ended while it ran', async () => {
    const cache = createReadsCache({ ttlMs: 60_000 });
    const stale = gate('stale');
    const early = cache.read('ws', 'k', stale.compute);
    cache.writing('ws');
    cache.settled('ws');
    // A reader after the commit does not join the flight begun before it.
    const late = cache.read('ws', 'k', async () => 'fresh');
    stale.release();
    expect(await early).toBe('stale');
    expect(await late).toBe('fresh');
    expect(await cache.read('ws', 'k', async () => 'x')).toBe('fresh');
  });

  it('lets a write that never settles hold the cache for WRITE_HOLD_MS only', async () => {
    let t = 0;
    const cache = createReadsCache({ ttlMs: 10 * WRITE_HOLD_MS, now: () => t });
    cache.writing('ws');
    expect(await cache.read('ws', 'k', async () => 'held')).toBe('held');
    t += WRITE_HOLD_MS + 1;
    expect(await cache.read('ws', 'k', async () => 'kept')).toBe('kept');
    expect(await cache.read('ws', 'k', async () => 'x')).toBe('kept');
  });

  it('does not keep a failed computation', async () => {
    const cache = createReadsCache({ ttlMs: 60_000 });
    await expect(cache.read('ws', 'k', async () => { throw new Error('no'); })).rejects.toThrow('no');
    expect(await cache.read('ws', 'k', async () => 'ok')).toBe('ok');
  });
});
