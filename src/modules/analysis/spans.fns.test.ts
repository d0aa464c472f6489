import { describe, expect, it } from 'vitest';
import { analyzeAnswer, type AnalysisProfile } from './analyze.fns.ts';
import { answerSpans, evidenceSpans, mentionSpans } from './spans.fns.ts';

const profile: AnalysisProfile = {
  brand: { name: 'Acme Analytics', aliases: ['Acme'], domains: ['acme.com'], ambiguous: false },
  competitors: [{ name: 'Globex', aliases: ['Globex Corp'], domains: ['globex.com'], ambiguous: false }, { name: 'Initech', aliases: [], domains: [], ambiguous: false }],
};
const named = (a: ReturnType<typeof analyzeAnswer>) => ({ entities: a.entities.filter((e) => e.mentioned) });
const slices = (text: string, spans: Array<{ start: number; end: number }>) => spans.map((s) => text.slice(s.start, s.end));

describe('mention spans', () => {
  it.each([
    ['English', 'en', 'Acme Analytics beats Globex Corp on price; see acme.com.', ['Acme Analytics', 'Globex Corp', 'acme.com']],
    ['Spanish, accents', 'es', 'Según los análisis, Initech y Acme Analytics están por delante de Globex.', ['Initech', 'Acme Analytics', 'Globex']],
    ['Catalan, apostrophes', 'ca', 'L’eina d’Acme és millor que la d’Initech.', ['Acme', 'Initech']],
    ['French, before astral characters', 'fr', '👍🏽 Globex est bon, mais Acme Analytics l’est davantage.', ['Globex', 'Acme Analytics']],
  ])('slice to what was matched: %s', (_name, language, text, expected) => {
    const fresh = analyzeAnswer(profile, text, [], { language });
    expect(slices(text, mentionSpans(text, named(fresh), fresh))).toEqual(expected);
    // Kept when the answer is written: the same spans, without analysing it again.
    expect(answerSpans(text, fresh).mentions).toEqual(mentionSpans(text, named(fresh), fresh));
  });

  it('keeps only the entities the stored analysis named, by their stored name when renamed since', () => {
    const text = 'Globex and Hooli both lead.';
    const fresh = analyzeAnswer(profile, text, [], { language: 'en' });
    const stored = { mentioned: ['Hooli'], citations: [], entities: [{ entityId: 'competitor:1', name: 'Hooli', kind: 'competitor' as const, mentioned: true as const, rank: 1, sentiment: null }] };
    expect(mentionSpans(text, stored, fresh)).toEqual([{ entityId: 'competitor:1', name: 'Hooli', kind: 'competitor', start: 11, end: 16 }]);
  });
});

describe('sentiment evidence spans', () => {
  it('spans the cue where its words stand together', () => {
    const text = 'Acme Analytics is an excellent tool. I would not recommend Globex.';
    const fresh = analyzeAnswer(profile, text, [], { language: 'en' });
    const brand = evidenceSpans(text, fresh, fresh.brand.sentimentEvidence);
    expect(brand.map((e) => [text.slice(e.start, e.end), e.exact])).toEqual([['excellent', true]]);
    const globex = evidenceSpans(text, fresh, fresh.entities[1]!.sentimentEvidence);
    expect(globex.map((e) => text.slice(e.start, e.end))).toEqual(['would not recommend']);
    expect(answerSpans(text, fresh).evidence).toEqual(brand);
  });
  it('keeps no cue when the brand is not named', () => {
    const text = 'I would not recommend Globex.';
    expect(answerSpans(text, analyzeAnswer(profile, text, [], { language: 'en' })).evidence).toEqual([]);
  });
  it('finds an accented cue as written', () => {
    const text = 'Acme Analytics és una eina fantàstica.';
    const fresh = analyzeAnswer(profile, text, [], { language: 'ca' });
    const spans = evidenceSpans(text, fresh, fresh.brand.sentimentEvidence);
    expect(spans.length).toBeGreaterThan(0);
    for (const s of spans) expect(s.exact ? text.slice(s.start, s.end).normalize('NFD').replace(/\p{M}/gu, '').toLowerCase() : s.cue).toBe(s.cue.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase());
  });
});
