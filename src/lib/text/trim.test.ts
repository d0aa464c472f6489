import { describe, expect, it } from 'vitest';
import { cutAt, trimEndOf, trimEndWhere, trimOf, trimStartOf, trimTrailingSlashes } from './trim.ts';

describe('trims that replace quadratic regular expressions', () => {
  it.each([
    ['https://x.example/api//', 'https://x.example/api'],
    ['https://x.example/api', 'https://x.example/api'],
    ['///', ''],
    ['', ''],
    ['/a/b/', '/a/b'],
  ])('trimTrailingSlashes(%j) = %j', (input, want) => expect(trimTrailingSlashes(input)).toBe(want));

  it.each([
    ['a.b..', '.', 'a.b'],
    ['a, b;.', '.,;', 'a, b'],
    ['--', '-', ''],
    ['x', '-', 'x'],
  ])('trimEndOf(%j, %j) = %j', (input, chars, want) => expect(trimEndOf(input, chars)).toBe(want));

  it.each([
    ['Plans, prices; ', 'Plans, prices'],
    ['a -. \t', 'a'],
    ['a', 'a'],
    [' ,', ''],
  ])('trimEndWhere(%j, /[\\s,;:.-]/) = %j', (input, want) => expect(trimEndWhere(input, /[\s,;:.-]/)).toBe(want));

  it.each([
    ['--a-b--', '-', 'a-b'],
    ['-', '-', ''],
    ['ab', '-', 'ab'],
  ])('trimOf(%j, %j) = %j', (input, chars, want) => {
    expect(trimOf(input, chars)).toBe(want);
    expect(trimStartOf(trimEndOf(input, chars), chars)).toBe(want);
  });

  it.each([
    ['/a?b#c', '?#', '/a'],
    ['/a#c?b', '?#', '/a'],
    ['/a', '?#', '/a'],
    ['fe80::1%eth0', '%', 'fe80::1'],
    ['', '%', ''],
  ])('cutAt(%j, %j) = %j', (input, chars, want) => expect(cutAt(input, chars)).toBe(want));

  it('is linear on the attack strings of the regular expressions it replaces', () => {
    const slashes = '/'.repeat(50_000);
    expect(trimTrailingSlashes(`${slashes}x`)).toBe(`${slashes}x`);
    expect(trimTrailingSlashes(slashes)).toBe('');
    expect(cutAt('a'.repeat(50_000), '?#')).toHaveLength(50_000);
    expect(trimEndWhere(`x${' ,'.repeat(25_000)}`, /[\s,;:.-]/)).toBe('x');
    expect(trimOf(`${'-'.repeat(50_000)}a${'-'.repeat(50_000)}`, '-')).toBe('a');
  });
});
