import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { changesBetween, decodeCursor, encodeCursor, parseDomain, parseMentions, parseQuery, parseRange, type Comparable } from './answers.fns.ts';

const fieldOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return (err.details as { field?: string } | undefined)?.field ?? null;
    throw err;
  }
  return 'no error';
};

describe('cursor', () => {
  it('gives back what it was made of', () => {
    const c = { createdAt: new Date('2026-03-01T10:00:00.123Z'), id: 'res_01m91jxxk2sea8hv6dvyy555jx' };
    expect(decodeCursor(encodeCursor(c))).toEqual(c);
  });
  it.each([
    ['not base64url', 'a b'],
    ['not JSON', Buffer.from('{').toString('base64url')],
    ['not a pair', Buffer.from('["2026-03-01T10:00:00Z"]').toString('base64url')],
    ['not a time', Buffer.from('["soon","res_01m91jxxk2sea8hv6dvyy555jx"]').toString('base64url')],
    ['not an answer id', Buffer.from('["2026-03-01T10:00:00Z","ws_1"]').toString('base64url')],
    ['too long', 'a'.repeat(401)],
  ])('refuses a cursor %s, naming cursor', (_why, raw) => {
    expect(fieldOf(() => decodeCursor(raw))).toBe('cursor');
  });
});

describe('time range', () => {
  it.each([
    [undefined, undefined, {}],
    ['2026-03-01', undefined, { from: '2026-03-01T00:00:00.000Z' }],
    [undefined, '2026-03-01', { to: '2026-03-02T00:00:00.000Z' }],
    ['2026-03-01T09:30:00Z', '2026-03-01T12:00:00+01:00', { from: '2026-03-01T09:30:00.000Z', to: '2026-03-01T11:00:00.000Z' }],
  ])('from %s to %s', (from, to, expected) => {
    const r = parseRange(from, to);
    expect({ ...(r.from ? { from: r.from.toISOString() } : {}), ...(r.to ? { to: r.to.toISOString() } : {}) }).toEqual(expected);
  });
  it.each([
    ['2026-03-02', '2026-03-01', 'from'],
    ['2026-03-01T10:00:00Z', '2026-03-01T10:00:00Z', 'from'],
    ['2026-03-01T09:30:00Z', '2026-03-01T10:00:00+01:00', 'from'],
    ['yesterday', undefined, 'from'],
    [undefined, '2026-13-45', 'to'],
    [undefined, '1700000000', 'to'],
  ])('refuses from %s to %s, naming %s', (from, to, field) => {
    expect(fieldOf(() => parseRange(from, to))).toBe(field);
  });
});

describe('filters', () => {
  it.each([
    ['brand', 2, { kind: 'brand' }],
    ['none', 0, { kind: 'none' }],
    ['competitor:1', 2, { kind: 'entity', entityId: 'competitor:1' }],
  ])('mentions=%s with %i competitors', (value, competitors, expected) => {
    expect(parseMentions(value, competitors)).toEqual(expected);
  });
  it.each([['competitor:2', 2], ['competitor:-1', 2], ['Brand', 2], ['competitor:0', 0], ['', 1]])('refuses mentions=%s', (value, competitors) => {
    expect(fieldOf(() => parseMentions(value, competitors))).toBe('mentions');
  });
  it.each([
    ['g2.com', 'g2.com'], ['WWW.G2.com', 'g2.com'], ['https://www.reddit.com/r/crm?x=1', 'reddit.com'], ['blog.acme.co.uk', 'blog.acme.co.uk'],
  ])('cited=%s is %s', (value, expected) => {
    expect(parseDomain(value)).toBe(expected);
  });
  it.each(['not a domain', 'localhost', 'a.b', '-x.com', `${'a'.repeat(64)}.com`])('refuses cited=%s', (value) => {
    expect(fieldOf(() => parseDomain(value))).toBe('cited');
  });
  it.each([
    ['  platforms  ', 'platforms'], ['', undefined], ['\u0000', undefined], ['a\u0000b', 'a b'], ['é'.repeat(5120), 'é'.repeat(5120)],
  ])('q=%j is %j', (q, expected) => {
    expect(parseQuery(q)).toBe(expected);
  });
  it('refuses a search over 10 KB, counted in bytes', () => {
    expect(fieldOf(() => parseQuery('é'.repeat(5121)))).toBe('q');
    expect(fieldOf(() => parseQuery('a'.repeat(10_241)))).toBe('q');
  });
});

describe('changes from the previous answer', () => {
  const answer = (entities: string[], cited: Array<[string, boolean]>, label: Comparable['sentiment']['label']): Comparable => ({
    entities: entities.map((entityId) => ({ entityId, name: entityId })), citations: cited.map(([domain, c]) => ({ domain, cited: c })), sentiment: { label },
  });
  it.each([
    ['nothing changed', answer(['brand'], [['g2.com', true]], 'positive'), answer(['brand'], [['g2.com', true]], 'positive'),
      { entered: [], left: [], citationsGained: [], citationsLost: [], sentiment: { from: 'positive', to: 'positive', changed: false } }],
    ['a competitor entered, the brand left', answer(['competitor:0'], [], null), answer(['brand'], [], 'neutral'),
      { entered: [{ entityId: 'competitor:0' }], left: [{ entityId: 'brand' }], sentiment: { from: 'neutral', to: null, changed: true } }],
    ['retrieved-only sources are not citations', answer([], [['g2.com', false], ['acme.com', true]], null), answer([], [['g2.com', true]], null),
      { citationsGained: ['acme.com'], citationsLost: ['g2.com'] }],
  ])('%s', (_name, current, previous, expected) => {
    expect(changesBetween(current, previous)).toMatchObject(expected);
  });
});
