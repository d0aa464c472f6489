import { describe, expect, it } from 'vitest';
import { t, type MessageKey } from '../../lib/messages/index.ts';
import { generationNotice, generationResult } from './client/generation.ts';

// The recommendations page's notice after a generation, from the job's lines as the server writes them,
// in the board's language.
const say = (language: string) => (key: string, params?: Record<string, string | number>) => t(language, key as MessageKey, params);

const at = (line: string) => `2026-11-28T01:00:00.000Z ${line}`;
const job = (result: object | null, status = 'succeeded', extra: string[] = []) => ({
  status, lastLines: [at('geo lane: 10 answers from 1 runs'), ...extra, ...(result ? [at(`result: ${JSON.stringify(result)}`)] : [])],
});

describe('generationNotice', () => {
  it.each([
    ['created, nothing skipped', job({ lane: 'geo', available: true, answers: 180, candidates: 30, created: 10, skippedOpenTopics: 0 }), '10 new recommendations proposed.'],
    ['one created', job({ lane: 'geo', available: true, answers: 20, candidates: 1, created: 1, skippedOpenTopics: 0 }), '1 new recommendation proposed.'],
    ['created and some open', job({ lane: 'geo', available: true, answers: 180, candidates: 30, created: 2, skippedOpenTopics: 3 }), '2 new recommendations proposed. 3 topics found are already open on the board.'],
    ['all open already', job({ lane: 'geo', available: true, answers: 180, candidates: 1, created: 0, skippedOpenTopics: 1 }), 'Nothing new to propose. 1 topic found is already open on the board.'],
    ['nothing above the thresholds', job({ lane: 'geo', available: true, answers: 10, candidates: 0, created: 0, skippedOpenTopics: 0 }),
      'Nothing to propose: the 10 answers of the latest runs show no gap, source or tone problem above the thresholds. More prompts or another run give it more to go on.'],
    ['one answer', job({ lane: 'geo', available: true, answers: 1, candidates: 0, created: 0, skippedOpenTopics: 0 }), expect.stringContaining('the 1 answer of the latest runs shows no gap')],
    ['no run yet', job({ lane: 'geo', available: true, answers: 0, candidates: 0, created: 0, skippedOpenTopics: 0 }), 'Nothing to propose yet: no run has measured answers. Start a run, then generate again.'],
    ['seo lane without signals', job({ lane: 'seo', available: false, reason: 'not_refreshed', created: 0 }), 'Nothing generated: not refreshed yet.'],
    ['a result without answers (seo lane)', job({ lane: 'seo', available: true, candidates: 0, created: 0, skippedOpenTopics: 0 }), expect.stringContaining('the latest data show no gap')],
    ['failed', job(null, 'failed', [at('model timed out')]), `The generation failed: ${at('model timed out')}`],
    ['succeeded without a result line', job(null), 'Generation finished.'],
  ])('%s', (_, input, expected) => {
    expect(generationNotice(input, say('en'))).toEqual(expected);
  });
});

it('says the notice in the board’s language', () => {
  const made = job({ lane: 'geo', available: true, answers: 180, candidates: 30, created: 2, skippedOpenTopics: 1 });
  expect(generationNotice(made, say('es'))).toBe('2 recomendaciones nuevas propuestas. 1 tema encontrado ya está abierto en el tablero.');
  expect(generationNotice(job({ lane: 'seo', available: false, reason: 'no_seo_data: no SEO refresh or page evaluation yet', created: 0 }), say('es'))).toBe('No se generó nada: aún no hay datos SEO (actualiza los datos SEO o evalúa páginas primero).');
  expect(generationNotice(job({ lane: 'geo', available: true, answers: 10, candidates: 0, created: 0, skippedOpenTopics: 0 }), say('fr'))).toMatch(/^Rien à proposer\u202f: les 10 réponses/);
});

describe('generationResult', () => {
  it('reads the last result line, and nothing from a broken one', () => {
    expect(generationResult([at('result: {"created":1}'), at('result: {"created":2}')])).toEqual({ created: 2 });
    expect(generationResult([at('result: {broken')])).toBeNull();
    expect(generationResult(undefined)).toBeNull();
  });
});
