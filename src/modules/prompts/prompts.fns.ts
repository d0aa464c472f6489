import { INTENTS, type Quotas } from '../workspaces/workspaces.schemas.ts';
import { PACKS } from './lang/index.ts';
import type { Category, Intent, Language } from './prompts.types.ts';
import { render } from './templates.fns.ts';

// Deterministic prompt sets: what a new workspace asks before anyone pays for generation.

export type { Category, Intent, Language } from './prompts.types.ts';

/** Splits `total` across the intents in proportion to the quotas (largest remainder; sums exactly). */
export function apportion(total: number, quotas: Quotas): Record<Intent, number> {
  const raw = INTENTS.map((k) => ({ k, exact: total * quotas[k] }));
  const out = Object.fromEntries(raw.map(({ k, exact }) => [k, Math.floor(exact)])) as Record<Intent, number>;
  let left = total - Object.values(out).reduce((a, b) => a + b, 0);
  for (const { k } of [...raw].sort((a, b) => (b.exact % 1) - (a.exact % 1) || INTENTS.indexOf(a.k) - INTENTS.indexOf(b.k))) {
    if (left <= 0) break;
    out[k] += 1;
    left -= 1;
  }
  return out;
}

export interface TemplateInput {
  brand: string;
  competitors: string[];
  /** The confirmed category per language; a language without one gets no prompt that needs it. */
  categories: Partial<Record<Language, Category>>;
  /** Who buys, per language, as it reads after "for" / "para" / "per a" / "pour" ("autónomos y pymes"). */
  audiences?: Partial<Record<Language, string | null>>;
  /** Names of the workspace's products or services; when given, some prompts name them. */
  products?: string[];
  languages: Language[];
  regions: string[];
  /** The year a "{year}" modifier says; without it those modifiers are left out. */
  year?: number;
}

export interface TemplatePrompt { text: string; language: Language; region: string | null; stem: string }

/** Case, accents, punctuation and whitespace folded: two prompts equal here are the same question. */
export const normalisePrompt = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/** A region code as a place in `language` ("es" → "en España"), or null when it names no country. */
export function placeOf(language: Language, region: string): string | null {
  if (!/^[a-z]{2}$/.test(region)) return null;
  const code = region === 'uk' ? 'GB' : region.toUpperCase();
  let name: string | undefined;
  try { name = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }).of(code); } catch { return null; }
  return name && name !== code ? PACKS[language].inPlace(name, code) : null;
}

const NEEDS_CATEGORY = /\{(?:de:)?(?:cat|catSg|aCatSg)\}/;

/**
 * Every prompt the templates can make for one intent and language, in the order they are used:
 * each question (stem) once with its first modifier, then each with the next… A stem is one
 * template with its competitor or product filled: its variants differ only by modifier.
 */
function candidatesOf(input: TemplateInput, intent: Intent, language: Language): TemplatePrompt[] {
  const pack = PACKS[language];
  const category = input.categories[language];
  const products = input.products?.filter((p) => p.trim()) ?? [];
  const templates = [...pack.templates[intent], ...(products.length ? (pack.productTemplates[intent] ?? []) : [])]
    .filter((t) => category || !NEEDS_CATEGORY.test(t));
  // Stems on a diagonal, so that a short quota still meets every competitor and every template.
  const stems: Array<{ template: string; competitor: string; product: string | null }> = [];
  const rounds = Math.max(input.competitors.length, products.length, 1);
  for (let r = 0; r < rounds; r++) {
    templates.forEach((template, t) => {
      const usesCompetitor = template.includes('{competitor}');
      const usesProduct = template.includes('{product}');
      if (usesCompetitor && r >= input.competitors.length) return;
      if (usesProduct && r >= products.length) return;
      if (!usesCompetitor && !usesProduct && r > 0) return;
      stems.push({
        template, competitor: usesCompetitor ? input.competitors[(t + r) % input.competitors.length]! : input.brand,
        product: usesProduct ? products[(t + r) % products.length]! : null,
      });
    });
  }
  const audience = input.audiences?.[language]?.trim() || null;
  const places = input.regions.map((region) => ({ region, place: placeOf(language, region) })).filter((p) => p.place);
  const contexts = places.length ? places.map((p) => ({ text: pack.context(audience, p.place), region: p.region })) : [{ text: pack.context(audience, null), region: input.regions[0] ?? null }];
  const out: TemplatePrompt[] = [];
  for (const modifier of pack.modifiers[intent]) {
    if (modifier.includes('{year}') && !input.year) continue;
    stems.forEach((stem, s) => {
      const variants = modifier.includes('{ctx}')
        ? contexts.map((c) => ({ text: modifier.replace('{ctx}', c.text), region: c.region }))
        : [{ text: modifier.replace('{year}', String(input.year)), region: input.regions.length ? input.regions[s % input.regions.length]! : null }];
      for (const v of variants) {
        const text = render(language, stem.template, { brand: input.brand, competitor: stem.competitor, product: stem.product, category: category ?? PACKS[language].fallbackCategory, modifier: v.text });
        out.push({ text, language, region: v.region, stem: `${language}|${stem.template}|${stem.competitor}|${stem.product ?? ''}` });
      }
    });
  }
  return out;
}

/** The candidates of all languages, taken in turn, without repeats after normalisation. */
function mergedCandidates(input: TemplateInput, intent: Intent): TemplatePrompt[] {
  const lists = input.languages.map((language) => candidatesOf(input, intent, language));
  const seen = new Set<string>();
  const out: TemplatePrompt[] = [];
  for (let i = 0; lists.some((l) => i < l.length); i++) {
    for (const list of lists) {
      const c = list[i];
      if (!c || seen.has(normalisePrompt(c.text))) continue;
      seen.add(normalisePrompt(c.text));
      out.push(c);
    }
  }
  return out;
}

/** Up to `count` distinct prompts of one intent (fewer when the templates have no more), skipping the first `offset`. */
export function templatePrompts(input: TemplateInput, intent: Intent, count: number, offset = 0): TemplatePrompt[] {
  return mergedCandidates(input, intent).slice(offset, offset + count);
}

/** Prompts per intent with at most `cap` variants of one stem. */
function pick(candidates: Record<Intent, TemplatePrompt[]>, counts: Record<Intent, number>, cap: number) {
  const perStem = new Map<string, number>();
  return INTENTS.flatMap((intent) => {
    const taken: Array<TemplatePrompt & { intent: Intent }> = [];
    for (const c of candidates[intent]) {
      if (taken.length >= counts[intent]) break;
      if ((perStem.get(c.stem) ?? 0) >= cap) continue;
      perStem.set(c.stem, (perStem.get(c.stem) ?? 0) + 1);
      taken.push({ ...c, intent });
    }
    return taken;
  });
}

function largestStem(set: TemplatePrompt[]) {
  const n = new Map<string, number>();
  for (const p of set) n.set(p.stem, (n.get(p.stem) ?? 0) + 1);
  return Math.max(0, ...n.values());
}

/**
 * The prompts of each intent's count (a generation's deficits, or a whole set by quota), every one
 * distinct after normalisation, no stem's variants more than a fifth of the set. Never padded:
 * when the templates run out (no category yet, few competitors) the set is smaller, and
 * `missing` says by how much.
 */
export function templatesFor(input: TemplateInput, counts: Record<Intent, number>) {
  const wanted = INTENTS.reduce((a, i) => a + counts[i], 0);
  const candidates = Object.fromEntries(INTENTS.map((intent) => [intent, counts[intent] ? mergedCandidates(input, intent) : []])) as Record<Intent, TemplatePrompt[]>;
  let cap = Math.max(1, Math.floor(wanted / 5));
  let set = pick(candidates, counts, cap);
  // A short set lowers the cap it must meet: pick again until the fifth holds.
  while (set.length && largestStem(set) > set.length / 5 && cap > 0) {
    cap = Math.min(cap - 1, Math.floor(set.length / 5));
    set = pick(candidates, counts, cap);
  }
  return { prompts: set, wanted, missing: wanted - set.length };
}

/** The whole set: up to `total` prompts, apportioned by quota (see templatesFor). */
export function templateSet(input: TemplateInput, total: number, quotas: Quotas) {
  return templatesFor(input, apportion(total, quotas)).prompts;
}
