import { describe, expect, it } from 'vitest';
import { createArraySplitter, startsWithArray } from './json-array.fns.ts';

/** The lines a body makes when it arrives in chunks of `size` bytes. */
function lines(body: string, size = Infinity): string[] {
  const splitter = createArraySplitter();
  const bytes = Buffer.from(body);
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += Math.min(size, bytes.length)) parts.push(splitter.write(bytes.subarray(i, i + size)));
  return Buffer.concat(parts).toString('utf8').split('\n').filter((l) => l !== '');
}

const A = { proxy: { path: '/a', userAgent: ['x, "y" [z]'], referer: 'https://chatgpt.com/' } };
const B = { proxy: { path: '/b?q={1}', statusCode: 200 }, message: 'é ü ☃ \\ "quoted"' };

describe('createArraySplitter', () => {
  it.each([
    ['compact, one line', JSON.stringify([A, B]), [A, B]],
    ['pretty-printed', JSON.stringify([A, B], null, 2), [A, B]],
    ['blanks and CRLF around elements', `\r\n [ ${JSON.stringify(A)} ,\r\n ${JSON.stringify(B)} ] \r\n`, [A, B]],
    ['empty array', '[]', []],
    ['two arrays one after the other', `${JSON.stringify([A])}\n${JSON.stringify([B])}`, [A, B]],
    ['nested arrays and braces inside strings', JSON.stringify([{ s: '[{]}', n: [[1], { x: [2] }] }]), [{ s: '[{]}', n: [[1], { x: [2] }] }]],
  ])('%s', (_name, body, records) => {
    const expected = records.map((r) => JSON.stringify(r));
    for (const size of [Infinity, 1, 2, 5]) expect(lines(body, size).map((l) => JSON.stringify(JSON.parse(l))), `chunks of ${size}`).toEqual(expected);
  });

  it('a multi-byte character split across chunks is passed through whole', () => {
    expect(lines(JSON.stringify([{ m: '☃☃☃' }]), 1)).toEqual(['{"m":"☃☃☃"}']);
  });

  it('what does not parse stays one line each, for the parser to count', () => {
    expect(lines('[{"a": 1}, {"broken": }, 7, "x"]')).toEqual(['{"a": 1}', '{"broken": }', '7', '"x"']);
    // An element that never closes swallows the rest: one line, not thousands.
    expect(lines('[{"a": 1}, {"open": [1, {"b": 2}], "c": 3]')).toEqual(['{"a": 1}', '{"open": [1, {"b": 2}], "c": 3]']);
    expect(lines('[{"a": "unterminated\n string')).toEqual(['{"a": "unterminated  string']); // the raw break became a space
    expect(lines('[{"a":1}] trailing')).toEqual(['{"a":1}', 'trailing']);
  });
});

describe('startsWithArray', () => {
  it.each([
    ['  \n[{', true],
    ['{"a":1}', false],
    ['203.0.113.9 - -', false],
    [' \r\n\t', null],
    ['', null],
  ])('%j → %s', (text, expected) => {
    expect(startsWithArray(Buffer.from(text))).toBe(expected);
  });
});
