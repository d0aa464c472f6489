import { fold } from '../analysis/text.fns.ts';
import { registrableDomain } from '../analysis/citations.fns.ts';
import type { Intent, Language } from '../prompts/prompts.fns.ts';
import { trimEndOf } from '../../lib/text/trim.ts';

// The research pipeline's pure rules: its call plan inside the 80-call reservation, the
// de-duplication of suggested prompts, and the counting of names and domains.

export const STAGES = ['topics', 'questions', 'competitors', 'sources'] as const;
export type Stage = (typeof STAGES)[number];
export type Provider = 'model' | 'serp';

/** Spec 8: 80 provider calls per research job, with a cap per provider. */
export const RESEARCH_CALLS = 80;
export const PROVIDER_CAPS: Record<Provider, number> = { model: 50, serp: 30 };
export const PRICE_PER_CALL: Record<Provider, number> = { model: 10_000, serp: 5_000 };
export const RESEARCH_HOLD = PROVIDER_CAPS.model * PRICE_PER_CALL.model + PROVIDER_CAPS.serp * PRICE_PER_CALL.serp;
/** Questions asked to find competitors and sources (each: one model and one SERP call). */
export const PROBES = 12;

export interface CallPlan { stage: Stage; provider: Provider; count: number }

/** Calls per stage and provider for a workspace's languages; never above the caps. */
export function callPlan(languages: number, intents: number): CallPlan[] {
  const plan: CallPlan[] = [
    { stage: 'topics', provider: 'model', count: languages },
    { stage: 'topics', provider: 'serp', count: languages },
    { stage: 'questions', provider: 'model', count: Math.min(intents * languages, 24) },
    { stage: 'competitors', provider: 'model', count: PROBES },
    { stage: 'sources', provider: 'serp', count: PROBES },
  ];
  const used: Record<Provider, number> = { model: 0, serp: 0 };
  return plan.map((p) => {
    const count = Math.max(0, Math.min(p.count, PROVIDER_CAPS[p.provider] - used[p.provider]));
    used[p.provider] += count;
    return { ...p, count };
  });
}

export const totalCalls = (plan: CallPlan[]) => plan.reduce((n, p) => n + p.count, 0);

/** Comparison key of a prompt: case, accents, punctuation and spacing folded. */
export const promptKey = (text: string) => fold(text).replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/** Suggestions not already in the active set (nor repeated among themselves). */
export function dedupePrompts<T extends { text: string }>(suggested: T[], active: string[]): T[] {
  const seen = new Set(active.map(promptKey));
  return suggested.filter((s) => {
    const key = promptKey(s.text);
    if (!key || key.length < 8 || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Lines of a model answer as list items: numbering, bullets and markdown emphasis removed. */
export function listItems(text: string, max = 50): string[] {
  return text.split('\n').map((l) => l.replace(/^\s*(?:\d+[.)]|[-*•])\s*/, '').replace(/\*\*|__/g, '').trim()).filter(Boolean).slice(0, max);
}

/** A brand name from a list line: the part before a dash, colon or parenthesis. */
export function brandOfLine(line: string): string | null {
  const name = trimEndOf(line.split(/\s[-–—:]\s|:\s|\s\(/)[0]!, '.,;').trim();
  return name.length >= 2 && name.length <= 60 && /\p{L}/u.test(name) ? name : null;
}

/** One probe's answer: the question asked and the answer's list lines. */
export interface ProbeAnswer { question: string; lines: string[] }
/** Where a proposed competitor came from: the probe question, the answer's line naming it, and the address that line gives, if any. */
export interface NameSource { question: string; line: string; url: string | null }

/** The first http(s) address in a line, without the punctuation a sentence puts after it. */
export function urlIn(line: string): string | null {
  const at = line.search(/https?:\/\//);
  if (at === -1) return null;
  const url = trimEndOf(line.slice(at).split(/[\s<>"'()[\]]/)[0]!, '.,;:!?');
  try {
    return new URL(url).protocol.startsWith('http') ? url : null;
  } catch {
    return null;
  }
}

/**
 * Names counted across answers (once per answer), without those the workspace tracks (its
 * brand, competitors, aliases); each with the first answer that named it as its source, so a
 * proposal says where it came from.
 */
export function untrackedNames(answers: ProbeAnswer[], tracked: string[]): Array<{ name: string; mentions: number; source: NameSource }> {
  const known = new Set(tracked.map((t) => promptKey(t)));
  const counts = new Map<string, { name: string; mentions: number; source: NameSource }>();
  for (const { question, lines } of answers) {
    const seen = new Set<string>();
    for (const line of lines) {
      const name = brandOfLine(line);
      const key = name ? promptKey(name) : '';
      if (!name || !key || known.has(key) || seen.has(key)) continue;
      seen.add(key);
      const entry = counts.get(key) ?? { name, mentions: 0, source: { question, line, url: urlIn(line) } };
      entry.mentions += 1;
      counts.set(key, entry);
    }
  }
  return [...counts.values()].sort((a, b) => b.mentions - a.mentions || a.name.localeCompare(b.name));
}

/** Registrable domains of result URLs, counted once per result list, most cited first. */
export function countDomains(resultLists: string[][]): Array<{ domain: string; citations: number }> {
  const counts = new Map<string, number>();
  for (const urls of resultLists) {
    const domains = new Set(urls.flatMap((u) => {
      try {
        return [registrableDomain(new URL(u).hostname)];
      } catch {
        return [];
      }
    }));
    for (const d of domains) counts.set(d, (counts.get(d) ?? 0) + 1);
  }
  return [...counts.entries()].map(([domain, citations]) => ({ domain, citations })).sort((a, b) => b.citations - a.citations || a.domain.localeCompare(b.domain));
}

// The stored shape of a research job's stages (research.tables.ts types its column with it).
export type Finding =
  | { id: string; kind: 'topic'; text: string; language: string }
  | { id: string; kind: 'prompt'; text: string; intent: Intent; language: Language; accepted: boolean }
  | { id: string; kind: 'competitor'; name: string; mentions: number; probes: number; accepted: boolean; source?: NameSource }
  | { id: string; kind: 'source'; domain: string; citations: number; probes: number; class: 'owned' | 'competitor' | 'third_party' };
export interface StageView { stage: Stage; status: 'pending' | 'running' | 'succeeded' | 'failed'; calls: number; findings: Finding[] }
