import { describe, expect, it } from 'vitest';
import { quotaSumError } from './workspaces.fns.ts';

const q = (discovery: number, rest = (1 - discovery) / 5) => ({
  discovery, problem_solution: rest, use_case: rest, comparison: rest, expert: rest, brand_research: rest,
});

describe('quotaSumError', () => {
  it.each([
    ['exactly 1', q(0.5), true],
    ['1 + 0.0001 (upper boundary)', { ...q(0.5), discovery: 0.5001 }, true],
    ['1 - 0.0001 (lower boundary)', { ...q(0.5), discovery: 0.4999 }, true],
    ['1 + 0.00011', { ...q(0.5), discovery: 0.50011 }, false],
    ['1 - 0.00011', { ...q(0.5), discovery: 0.49989 }, false],
    ['sixths in floating point', q(1 / 6), true],
    ['all zero', q(0, 0), false],
    ['one key carries everything', q(1, 0), true],
  ])('%s', (_name, quotas, ok) => {
    expect(quotaSumError(quotas) === null).toBe(ok);
  });

  it('names the field and the actual sum', () => {
    expect(quotaSumError(q(0.9, 0))).toMatch(/quotas.*0\.9/);
  });
});
