import { describe, expect, it } from 'vitest';
import { createReadsCache } from './reads-cache.ts';
import { sharedReads, type ReadsLink } from './reads-shared.ts';

/** The processes of one database, as a bus in memory: what one publishes, every listener hears, a moment later. */
function bus() {
  const listeners = new Set<{ onMessage: (m: string) => void; onState: (up: boolean) => void }>();
  const link = (): ReadsLink & { up(): void; down(): void } => {
    const me = { onMessage: (_m: string) => {}, onState: (_up: boolean) => {} };
    return {
      publish: async (m) => void setImmediate(() => { for (const l of listeners) l.onMessage(m); }),
      listen(onMessage, onState) {
        Object.assign(me, { onMessage, onState });
        listeners.add(me);
        return { stop: async () => void listeners.delete(me) };
      },
      up: () => me.onState(true),
      down: () => me.onState(false),
    };
  };
  return { link };
}

/** Until every message published so far has been heard. */
const delivered = () => new Promise((resolve) => setImmediate(resolve));

const counter = () => {
  let n = 0;
  return { compute: async () => ++n, calls: () => n };
};

describe('kept reads shared between processes', () => {
  it("drops a workspace's kept reads when another process settles or changes it, and not another workspace's", async () => {
    const b = bus();
    const [la, lb] = [b.link(), b.link()];
    const a = sharedReads(createReadsCache({ ttlMs: 600_000 }), la);
    const other = sharedReads(createReadsCache({ ttlMs: 600_000 }), lb);
    la.up();
    lb.up();
    const ws1 = counter();
    const ws2 = counter();
    expect(await a.reads.read('ws1', 'k', ws1.compute)).toBe(1);
    expect(await a.reads.read('ws2', 'k', ws2.compute)).toBe(1);
    expect(await a.reads.read('ws1', 'k', ws1.compute)).toBe(1);
    other.reads.settled('ws1');
    await delivered();
    expect(await a.reads.read('ws1', 'k', ws1.compute)).toBe(2);
    other.reads.changed('ws1');
    await delivered();
    expect(await a.reads.read('ws1', 'k', ws1.compute)).toBe(3);
    expect(await a.reads.read('ws2', 'k', ws2.compute)).toBe(1);
  });

  it('keeps what it computed after its own write: its own message is not another write', async () => {
    const b = bus();
    const la = b.link();
    const a = sharedReads(createReadsCache({ ttlMs: 600_000 }), la);
    la.up();
    const ws = counter();
    a.reads.changed('ws');
    expect(await a.reads.read('ws', 'k', ws.compute)).toBe(1);
    await delivered();
    expect(await a.reads.read('ws', 'k', ws.compute)).toBe(1);
  });

  it('serves nothing kept before it listens and while its listener is lost, and keeps again once it listens', async () => {
    const b = bus();
    const la = b.link();
    const a = sharedReads(createReadsCache({ ttlMs: 600_000 }), la);
    const ws = counter();
    expect(await a.reads.read('ws', 'k', ws.compute)).toBe(1);
    expect(await a.reads.read('ws', 'k', ws.compute)).toBe(2);
    la.up();
    expect(await a.reads.read('ws', 'k', ws.compute)).toBe(3);
    expect(await a.reads.read('ws', 'k', ws.compute)).toBe(3);
    la.down();
    expect(await a.reads.read('ws', 'k', ws.compute)).toBe(4);
    la.up();
    // What was kept before the loss is gone (a message may have been missed meanwhile).
    expect(await a.reads.read('ws', 'k', ws.compute)).toBe(5);
    expect(await a.reads.read('ws', 'k', ws.compute)).toBe(5);
  });

  it('says when it first listens, or gives up waiting after the time it is given', async () => {
    const b = bus();
    const l = b.link();
    const shared = sharedReads(createReadsCache({ ttlMs: 600_000 }), l);
    let heard = false;
    const waiting = shared.listening(600_000).then(() => (heard = true));
    await delivered();
    expect(heard).toBe(false);
    l.up();
    await waiting;
    expect(heard).toBe(true);
    // A listener that never comes up: the wait ends on its own.
    const silent = sharedReads(createReadsCache({ ttlMs: 600_000 }), b.link());
    await expect(silent.listening(1)).resolves.toBeUndefined();
  });
});
