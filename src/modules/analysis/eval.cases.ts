import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import type { SentimentLabel } from './sentiment.fns.ts';
import type { BlindAnswer, BlindLabelLine } from './blind.fns.ts';

// The labelled sets live outside src/, as data: eval/<set>/*.jsonl, one case per line, each line
// checked against eval/<set>.schema.json (the annotation rules are in docs/analysis.md). Only the
// tests, `npm run analyze:eval` and the benches read them; the service never does. Files are read
// in name order (their number prefix), which keeps each report's order stable.

export type CaseLanguage = 'en' | 'es' | 'ca' | 'fr';
export type CitationClass = 'owned' | 'competitor' | 'third_party';

export interface CaseEntity { name: string; aliases: string[]; domains: string[]; ambiguous: boolean }
export interface CaseWorkspace { brand: CaseEntity; competitors: CaseEntity[]; industry?: string }
/** A labelled answer (eval/analysis.schema.json). */
export interface AnalysisCase {
  name: string;
  language: CaseLanguage;
  /** The prompt the answer replies to, when the case says. */
  prompt?: string;
  answer: string;
  sources?: Array<{ url: string; title?: string }>;
  expect: {
    mentioned: string[];
    brandRank: number | null;
    citations?: Array<{ domain: string; class: CitationClass }>;
    brandSentiment?: SentimentLabel | null;
  };
  /** Why the label is what it is, where a reader could doubt it. */
  note?: string;
  workspace: CaseWorkspace;
}

export type { SentimentLabel };
export type CaseKind =
  | 'positive' | 'negative' | 'neutral' | 'negation' | 'pronoun' | 'null-subject' | 'comparative'
  | 'advice' | 'hedged' | 'mixed' | 'scope' | 'list' | 'table' | 'long';
/** A labelled sentiment item (eval/sentiment.schema.json). */
export interface SentimentCase {
  language: CaseLanguage;
  kind: CaseKind;
  answer: string;
  /** entity name → expected label, for every entity the item set covers in this answer; the first is the brand */
  labels: Record<string, SentimentLabel>;
}

/** The repository's eval/ folder, found from this file so that it holds from any working directory. */
export function evalDir(from = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return join(dir, 'eval');
    if (dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export interface CaseFile<T> { file: string; cases: T[] }

/** What is wrong with a value, or null when it is valid. */
export type Check = (value: unknown) => string | null;

/** A check against a JSON Schema, every error listed. */
export function schemaCheck(schema: object): Check {
  const ajv = new Ajv({ allErrors: true, allowUnionTypes: true });
  const validate = ajv.compile(schema);
  return (value) => (validate(value) ? null : ajv.errorsText(validate.errors, { dataVar: 'case' }));
}

/** Parses one JSON Lines text, every line checked; an error names the file and the 1-based line. */
export function parseJsonl<T>(text: string, file: string, check: Check): T[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines.map((line, i) => {
    const where = `${file}:${i + 1}`;
    if (line.trim() === '') throw new Error(`${where}: empty line (one case per line, no blank lines)`);
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      throw new Error(`${where}: not JSON (${(err as Error).message})`);
    }
    const problem = check(value);
    if (problem) throw new Error(`${where}: ${problem}`);
    return value as T;
  });
}

/** Every file of a set, in name order, each line checked against the set's schema. */
export function loadCaseFiles<T>(set: string, dir = evalDir()): Array<CaseFile<T>> {
  const check = schemaCheck(JSON.parse(readFileSync(join(dir, `${set}.schema.json`), 'utf8')) as object);
  const folder = join(dir, set);
  const names = readdirSync(folder).filter((n) => n.endsWith('.jsonl')).sort();
  if (names.length === 0) throw new Error(`no .jsonl files in ${folder}`);
  return names.map((name) => {
    const path = join(folder, name);
    const shown = path.startsWith(process.cwd()) ? relative(process.cwd(), path) : path;
    return { file: name, cases: parseJsonl<T>(readFileSync(path, 'utf8'), shown, check) };
  });
}

/** The labelled answers of the answer analysis (eval/analysis/). */
export const loadAnalysisCases = (dir?: string): AnalysisCase[] => loadCaseFiles<AnalysisCase>('analysis', dir).flatMap((f) => f.cases);

/** The labelled sentiment items (eval/sentiment/); `only` keeps the files whose name contains it. */
export const loadSentimentCases = (only?: string, dir?: string): SentimentCase[] =>
  loadCaseFiles<SentimentCase>('sentiment', dir).filter((f) => !only || f.file.includes(only)).flatMap((f) => f.cases);

/** The blind set (eval/blind/) and its labels (eval/blind-labels/: a.jsonl, b.jsonl, and settled.jsonl where they differ). */
export function loadBlindSet(dir?: string) {
  const cases = loadCaseFiles<BlindAnswer>('blind', dir).flatMap((f) => f.cases);
  const files = new Map(loadCaseFiles<BlindLabelLine>('blind-labels', dir).map((f) => [f.file, f.cases]));
  const need = (name: string) => {
    const lines = files.get(name);
    if (!lines) throw new Error(`eval/blind-labels/${name} is missing`);
    return lines;
  };
  return { cases, a: need('a.jsonl'), b: need('b.jsonl'), settled: files.get('settled.jsonl') ?? [] };
}
