import { describe, expect, it } from 'vitest';
import { createFiguresAfterRun } from './figures-after-run.ts';

// The overview's figures after a run: one making per workspace at a time, at most one more behind
// it, a failure reported and forgotten, nothing new once closed and what runs waited for.

function harness() {
  const started: string[] = [];
  const finish = new Map<string, Array<(err?: Error) => void>>();
  const errors: string[] = [];
  const after = createFiguresAfterRun({
    contextById: async (id) => ({ id, slug: id, role: null }),
    make: (ws) => new Promise<void>((resolve, reject) => {
      started.push(ws.id);
      finish.set(ws.id, [...(finish.get(ws.id) ?? []), (err) => (err ? reject(err) : resolve())]);
    }),
    onError: (err, id) => errors.push(`${id}: ${(err as Error).message}`),
  });
  /** Ends the oldest making of the workspace, then lets what follows it start. */
  const end = async (id: string, err?: Error) => {
    finish.get(id)!.shift()!(err);
    for (let i = 0; i < 5; i++) await Promise.resolve();
    await new Promise((r) => setImmediate(r));
  };
  const settle = () => new Promise((r) => setImmediate(r));
  return { after, started, errors, end, settle };
}

describe('figures after a run', () => {
  it('makes one at a time per workspace, and once more for every run that ended meanwhile', async () => {
    const { after, started, end, settle } = harness();
    after.committed('a');
    after.committed('b');
    await settle();
    after.committed('a');
    after.committed('a');
    await settle();
    expect(started).toEqual(['a', 'b']);
    await end('a');
    expect(started).toEqual(['a', 'b', 'a']);
    await end('a');
    await end('b');
    expect(started).toEqual(['a', 'b', 'a']);
  });

  it('reports a failure and makes the next one asked', async () => {
    const { after, started, errors, end, settle } = harness();
    after.committed('a');
    await settle();
    await end('a', new Error('database busy'));
    expect(errors).toEqual(['a: database busy']);
    after.committed('a');
    await settle();
    expect(started).toEqual(['a', 'a']);
  });

  it('once closed, starts nothing more and waits for what is under way', async () => {
    const { after, started, end, settle } = harness();
    after.committed('a');
    await settle();
    after.committed('a');
    let closed = false;
    const closing = after.close().then(() => (closed = true));
    after.committed('b');
    await settle();
    expect(closed).toBe(false);
    await end('a');
    await closing;
    expect(closed).toBe(true);
    expect(started).toEqual(['a']);
  });
});
