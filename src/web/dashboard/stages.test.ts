import { describe, expect, it } from 'vitest';
import { EVALUATION_STAGES as SERVER } from '../../modules/pages/stages.ts';
import { EVALUATION_STAGES, stagesOf } from './client/stages.ts';

const states = (lines: string[], status: string) => stagesOf(lines, status).map((s) => s.state);
const at = (line: string) => `2026-11-26T18:00:00.000Z ${line}`;

describe('stagesOf', () => {
  it('names the same stages as the server writes', () => {
    expect(EVALUATION_STAGES.map(([key]) => key)).toEqual([...SERVER]);
  });

  it.each([
    [[], 'running', ['pending', 'pending', 'pending', 'pending']],
    [[at('stage fetch: fetching https://a.com/')], 'running', ['current', 'pending', 'pending', 'pending']],
    [[at('stage fetch: x'), at('fetched https://a.com/ (HTTP 200, 10 bytes)'), at('stage files: y')], 'running', ['done', 'current', 'pending', 'pending']],
    [[at('stage fetch: x'), at('stage files: y'), at('stage audit: z')], 'running', ['done', 'done', 'current', 'pending']],
    [[at('stage fetch: x'), at('https://a.com/ was not fetched')], 'failed', ['failed', 'pending', 'pending', 'pending']],
    [[at('stage audit: z'), at('stage fetch: again')], 'running', ['done', 'done', 'current', 'pending']],
    [[at('complete evaluation of https://a.com/')], 'succeeded', ['done', 'done', 'done', 'done']],
    [[at('a line that mentions stage audit: in its text'), at('backstage fetch: no'), 'stage files: unstamped'], 'running', ['done', 'current', 'pending', 'pending']],
  ])('%j while %s', (lines, status, expected) => {
    expect(states(lines, status)).toEqual(expected);
  });
});
