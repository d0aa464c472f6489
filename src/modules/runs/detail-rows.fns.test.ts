import { describe, expect, it } from 'vitest';
import { filterDetailRows, sitesOf, type DetailRow, type DetailRowFilter } from './detail-rows.fns.ts';

const row = (engine: string, text: string, brand: number | null, mentioned: string[], domains: string[]): DetailRow & { key: string } => ({
  key: `${engine}:${text}`, engine, text, brandMentioned: brand !== null, brandSentiment: brand, mentioned, citations: domains.map((domain) => ({ domain })),
});
const ROWS = [
  row('chatgpt', 'Best CRM for startups?', 0.6, ['Acme', 'Globex'], ['g2.com', 'acme.com']),
  row('chatgpt', 'Cheapest CRM?', null, ['Globex'], ['capterra.com']),
  row('claude', 'Best CRM for startups?', -0.4, ['Acme'], []),
  row('claude', 'CRM with email sync', 0.1, ['Acme'], ['g2.com']),
];

describe('run detail rows', () => {
  it.each<[string, DetailRowFilter, string[]]>([
    ['no filter keeps every row, in order', {}, ['chatgpt:Best CRM for startups?', 'chatgpt:Cheapest CRM?', 'claude:Best CRM for startups?', 'claude:CRM with email sync']],
    ['one engine', { engine: 'claude' }, ['claude:Best CRM for startups?', 'claude:CRM with email sync']],
    ['naming the brand', { mentioned: true }, ['chatgpt:Best CRM for startups?', 'claude:Best CRM for startups?', 'claude:CRM with email sync']],
    ['a tone, past ±0.15', { tone: 'negative' }, ['claude:Best CRM for startups?']],
    ['neutral is within ±0.15, and only where the brand is named', { tone: 'neutral' }, ['claude:CRM with email sync']],
    ['a cited site', { site: 'g2.com' }, ['chatgpt:Best CRM for startups?', 'claude:CRM with email sync']],
    ['words in the prompt, a name or a domain, any case', { q: 'GLOBEX' }, ['chatgpt:Best CRM for startups?', 'chatgpt:Cheapest CRM?']],
    ['filters combine', { engine: 'chatgpt', q: 'capterra' }, ['chatgpt:Cheapest CRM?']],
  ])('%s', (_name, f, keys) => {
    expect(filterDetailRows(ROWS, f).map((r) => r.key)).toEqual(keys);
  });

  it('lists every cited domain once, sorted', () => {
    expect(sitesOf(ROWS)).toEqual(['acme.com', 'capterra.com', 'g2.com']);
  });
});
