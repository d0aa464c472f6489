import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { evalDir, loadAnalysisCases, loadCaseFiles, loadSentimentCases, parseJsonl, schemaCheck } from './eval.cases.ts';
import { CASE_ENTITIES } from './sentiment.eval.ts';

// The loader of the labelled sets: a line that breaks its set's schema (or is not JSON) stops the
// load with the file and line to fix, instead of scoring a half-read set.

const schema = (set: string) => JSON.parse(readFileSync(join(evalDir(), `${set}.schema.json`), 'utf8')) as Record<string, any>;
const workspace = { brand: { name: 'Acme', aliases: [], domains: ['acme.com'], ambiguous: false }, competitors: [] };
const good = { name: 'brand alone', language: 'en', answer: 'Acme is fine.', expect: { mentioned: ['Acme'], brandRank: 1 }, workspace };
const jsonl = (...rows: unknown[]) => `${rows.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n')}\n`;

describe('parseJsonl with the analysis schema', () => {
  const check = schemaCheck(schema('analysis'));

  it('reads one case per line', () => {
    expect(parseJsonl(jsonl(good, { ...good, name: 'again' }), 'a.jsonl', check).map((c: any) => c.name)).toEqual(['brand alone', 'again']);
  });

  it.each<[string, unknown, RegExp]>([
    ['a rank of 0', { ...good, expect: { mentioned: ['Acme'], brandRank: 0 } }, /^a\.jsonl:2: case\/expect\/brandRank must be >= 1/],
    ['an unknown language', { ...good, language: 'de' }, /^a\.jsonl:2: case\/language must be equal to one of the allowed values/],
    ['a field the schema does not know', { ...good, expected: {} }, /^a\.jsonl:2: case must NOT have additional properties/],
    ['a missing workspace', { ...good, workspace: undefined }, /^a\.jsonl:2: case must have required property 'workspace'/],
    ['a citation class that does not exist', { ...good, expect: { ...good.expect, citations: [{ domain: 'g2.com', class: 'review' }] } }, /^a\.jsonl:2: case\/expect\/citations\/0\/class/],
    ['a line that is not JSON', '{"name": "cut', /^a\.jsonl:2: not JSON/],
    ['a blank line', '', /^a\.jsonl:2: empty line/],
  ])('rejects %s with its line number', (_, bad, message) => {
    expect(() => parseJsonl(jsonl(good, bad, good), 'a.jsonl', check)).toThrow(message);
  });
});

describe('loadCaseFiles', () => {
  const dir = mkdtempSync(join(tmpdir(), 'eval-cases-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(join(evalDir(), 'sentiment.schema.json'), join(dir, 'sentiment.schema.json'));
  mkdirSync(join(dir, 'sentiment'));
  const item = (answer: string, labels: Record<string, string>) => ({ language: 'en', kind: 'positive', answer, labels });

  it('reads the files in name order and names the file and line of a bad item', () => {
    writeFileSync(join(dir, 'sentiment', '02-b.jsonl'), jsonl(item('b1', { Acme: 'positive' })));
    writeFileSync(join(dir, 'sentiment', '01-a.jsonl'), jsonl(item('a1', { Globex: 'neutral' }), item('a2', { Hooli: 'negative' })));
    expect(loadCaseFiles('sentiment', dir).map((f) => [f.file, f.cases.length])).toEqual([['01-a.jsonl', 2], ['02-b.jsonl', 1]]);
    expect(loadSentimentCases('02-b', dir).map((c) => c.answer)).toEqual(['b1']);

    writeFileSync(join(dir, 'sentiment', '02-b.jsonl'), jsonl(item('b1', { Acme: 'positive' }), item('b2', { Acme: 'great' })));
    expect(() => loadCaseFiles('sentiment', dir)).toThrow(/02-b\.jsonl:2: case\/labels\/Acme must be equal to one of the allowed values/);
    writeFileSync(join(dir, 'sentiment', '02-b.jsonl'), jsonl(item('b1', { Umbrella: 'positive' })));
    expect(() => loadCaseFiles('sentiment', dir)).toThrow(/02-b\.jsonl:1: .*case\/labels property name must be valid/);
  });
});

describe('the labelled sets', () => {
  it('all load against their schemas', () => {
    expect(loadAnalysisCases().length).toBeGreaterThan(0);
    expect(loadSentimentCases().length).toBeGreaterThan(0);
  });

  it('label only the names the sentiment scorer tracks', () => {
    expect(schema('sentiment').properties.labels.propertyNames.enum).toEqual(CASE_ENTITIES);
  });
});
