import { describe, expect, it } from 'vitest';
import { LOGO_MAX_SIDE, logoSizeProblem } from './settings.fns.ts';

// Issue 40: a logo is refused by its pixels, not only its bytes; the message says the limit in words.

describe('logoSizeProblem', () => {
  it.each([
    [{ width: 1, height: 1 }, null],
    [{ width: 200, height: 60 }, null],
    [{ width: LOGO_MAX_SIDE, height: LOGO_MAX_SIDE }, null],
    [{ width: LOGO_MAX_SIDE + 1, height: 1 }, 'body.agencyLogo is 4097×1 pixels; a logo may be at most 4096 pixels wide and 4096 pixels high'],
    [{ width: 1, height: LOGO_MAX_SIDE + 1 }, 'body.agencyLogo is 1×4097 pixels; a logo may be at most 4096 pixels wide and 4096 pixels high'],
    [{ width: 16_000, height: 16_000 }, 'body.agencyLogo is 16000×16000 pixels; a logo may be at most 4096 pixels wide and 4096 pixels high'],
    [null, 'body.agencyLogo is not a png image that can be read'],
  ])('%o → %s', (size, problem) => {
    expect(logoSizeProblem(size, 'png')).toBe(problem);
  });
});
