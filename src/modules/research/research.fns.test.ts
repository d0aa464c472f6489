import { describe, expect, it } from 'vitest';
import { brandOfLine, callPlan, countDomains, dedupePrompts, listItems, PROVIDER_CAPS, RESEARCH_CALLS, totalCalls, untrackedNames, urlIn } from './research.fns.ts';
import { topicAfterAbout } from './research.providers.ts';

describe('callPlan', () => {
  it.each([1, 2, 3, 4])('%i languages: within 80 calls and the per-provider caps', (languages) => {
    const plan = callPlan(languages, 6);
    expect(totalCalls(plan)).toBeLessThanOrEqual(RESEARCH_CALLS);
    for (const provider of ['model', 'serp'] as const) {
      expect(plan.filter((p) => p.provider === provider).reduce((n, p) => n + p.count, 0)).toBeLessThanOrEqual(PROVIDER_CAPS[provider]);
    }
  });
  it('cuts the last stages first when a cap is reached', () => {
    expect(callPlan(40, 6).find((p) => p.stage === 'competitors')!.count).toBe(0);
  });
});

describe('dedupePrompts', () => {
  it('drops prompts already active, repeated, or too short, folding case, accents and punctuation', () => {
    const out = dedupePrompts([{ text: 'What are the best tools?' }, { text: 'what are the BEST tools' }, { text: 'Quelles sont les meilleures solutions ?' }, { text: 'Quelles sont les méilleures solutions' }, { text: 'Hi?' }], ['What are the best tools?!']);
    expect(out.map((p) => p.text)).toEqual(['Quelles sont les meilleures solutions ?']);
  });
});

describe('names and domains', () => {
  it.each([
    ['1. **Brightlane** - a well-known option', 'Brightlane'], ['- Nimbus Labs: great for teams', 'Nimbus Labs'], ['Quantive (enterprise)', 'Quantive'], ['—', null], ['3.', null], ['- Acme Corp.,;', 'Acme Corp'],
  ])('brandOfLine(%s) = %s', (line, name) => expect(listItems(line).map(brandOfLine)[0] ?? null).toBe(name));

  it('counts untracked names once per answer, most mentioned first, each with the answer that first named it', () => {
    expect(untrackedNames([
      { question: 'Which CRM for a small team?', lines: ['Brightlane - simple (https://brightlane.example/crm).', 'Globex - known', 'Brightlane: again'] },
      { question: 'Which CRM is cheapest?', lines: ['brightlane - cheap', 'Orbitly - free plan'] },
      { question: 'Which CRM for agencies?', lines: ['Globex Corp - agencies'] },
    ], ['Acme', 'Globex', 'Globex Corp'])).toEqual([
      { name: 'Brightlane', mentions: 2, source: { question: 'Which CRM for a small team?', line: 'Brightlane - simple (https://brightlane.example/crm).', url: 'https://brightlane.example/crm' } },
      { name: 'Orbitly', mentions: 1, source: { question: 'Which CRM is cheapest?', line: 'Orbitly - free plan', url: null } },
    ]);
  });

  it.each([
    ['see https://a.example/x, and more', 'https://a.example/x'], ['(http://b.example)', 'http://b.example'], ['no address', null], ['https://', null],
  ])('urlIn(%j) = %j', (line, url) => expect(urlIn(line)).toBe(url));

  it('counts registrable domains once per result list', () => {
    expect(countDomains([['https://www.g2.com/a', 'https://g2.com/b', 'https://blog.acme.co.uk/x'], ['https://g2.com/c', 'not a url']])).toEqual([
      { domain: 'g2.com', citations: 2 }, { domain: 'acme.co.uk', citations: 1 },
    ]);
  });
});

describe('topicAfterAbout (the simulated research model)', () => {
  it.each([
    ['List 6 questions … in language "es", about dental clinics.', 'dental clinics'],
    ['List 5 questions about crm in en.', 'crm'],
    ['List 5 questions about crm in en', 'crm'],
    ['about .', '.'],
    ['no topic here', null],
    ['about ', null],
  ])('%j → %j', (line, topic) => expect(topicAfterAbout(line)).toBe(topic));
  it('reads 50 000 characters before a line break in one pass', () => expect(topicAfterAbout(`about ${'x'.repeat(50_000)}\r`)).toBeNull());
});
