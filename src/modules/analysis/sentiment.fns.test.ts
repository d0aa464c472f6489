import { describe, expect, it } from 'vitest';
import { sentenceSentiment } from './sentiment.fns.ts';

const sign = (x: number) => (x > 0.05 ? '+' : x < -0.05 ? '-' : '0');

describe('sentenceSentiment', () => {
  it.each([
    ['Acme is the best CRM for small teams.', '+'],
    ['Acme is expensive and slow.', '-'],
    ['Acme is not reliable.', '-'],
    ["Acme isn't expensive.", '+'],
    ['Acme has an office in Berlin.', '0'],
    ['Acme is great but expensive.', '0'],
    ['Acme es la mejor opción.', '+'],
    ['Acme no es caro.', '+'],
    ['Acme es muy lento.', '-'],
    ['Acme és la millor eina.', '+'],
    ['Acme no és fiable.', '-'],
    ['Acme est très cher.', '-'],
    ["Acme n'est pas cher.", '+'],
    ['Acme est le meilleur logiciel.', '+'],
  ])('%s → %s', (sentence, expected) => {
    const score = sentenceSentiment(sentence);
    expect(score).toBeGreaterThanOrEqual(-1);
    expect(score).toBeLessThanOrEqual(1);
    expect(sign(score)).toBe(expected);
  });
});
