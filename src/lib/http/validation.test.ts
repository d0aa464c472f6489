import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { nulPath } from './validation.ts';

// The NUL guard walks parsed input only. A raw body (an upload's request stream) once reached it:
// walking the stream's socket and server graph, 32 levels deep, held the event loop for minutes.

describe('nulPath', () => {
  const cyclic: Record<string, unknown> = { a: 'x' };
  cyclic.self = cyclic;

  it.each([
    ['a clean object', { a: 'x', b: [1, 'y', { c: null }] }, null],
    ['a string field', { a: 'x\u0000' }, 'body.a'],
    ['inside an array', { list: ['ok', { name: 'n\u0000' }] }, 'body.list[1].name'],
    ['a null-prototype object (query strings)', Object.assign(Object.create(null) as object, { q: '\u0000' }), 'body.q'],
    ['an object whose prototype has a null prototype (path parameters)', Object.assign(Object.create(Object.create(null) as object) as object, { id: 'x\u0000' }), 'body.id'],
    ['a Buffer (not text to check)', Buffer.from('a\u0000b'), null],
    ['a stream (a raw upload body)', Object.assign(new PassThrough(), { note: '\u0000' }), null],
    ['a cycle is cut by the depth limit', cyclic, null],
  ])('%s', (_name, value, expected) => {
    expect(nulPath(value, 'body')).toBe(expected);
  });
});
