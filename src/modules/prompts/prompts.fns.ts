import { INTENTS, type Quotas } from '../workspaces/workspaces.schemas.ts';
import { PACKS } from './lang/index.ts';
import type { Category, Intent, Language } from './prompts.types.ts';
import { CATEGORY_INTENTS, categoryOr, render } from './templates.fns.ts';

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
  /** The confirmed category per language; a language without one uses its pack's neutral fallback. */
  categories: Partial<Record<Language, Category>>;
  /** Names of the workspace's products or services; when given, some prompts name them. */
  products?: string[];
  languages: Language[];
  regions: string[];
}

/** `count` distinct prompts of one intent, cycling templates, competitors, products, modifiers and languages. */
export function templatePrompts(input: TemplateInput, intent: Intent, count: number, offset = 0) {
  const out: Array<{ text: string; language: Language; region: string | null }> = [];
  const seen = new Set<string>();
  const products = input.products?.filter((p) => p.trim()) ?? [];
  for (let i = offset; out.length < count && i < offset + count * 50; i++) {
    const language = input.languages[i % input.languages.length]!;
    const pack = PACKS[language];
    const productTemplates = products.length ? (pack.productTemplates[intent] ?? []) : [];
    const templates = [...pack.templates[intent], ...productTemplates];
    const template = templates[Math.floor(i / input.languages.length) % templates.length]!;
    const modifiers = CATEGORY_INTENTS.has(intent) ? pack.modifiers.category : pack.modifiers.named;
    const modifier = modifiers[Math.floor(i / (input.languages.length * templates.length)) % modifiers.length]!;
    const competitor = input.competitors[i % Math.max(1, input.competitors.length)] ?? input.brand;
    const product = products.length ? products[Math.floor(i / templates.length) % products.length]! : null;
    const round = Math.floor(i / (input.languages.length * templates.length * modifiers.length));
    const text = render(language, template, { brand: input.brand, competitor, product, category: categoryOr(language, input.categories[language]), modifier }) + (round > 0 ? ` (${round + 1})` : '');
    if (seen.has(text)) continue;
    seen.add(text);
    out.push({ text, language, region: input.regions.length ? input.regions[i % input.regions.length]! : null });
  }
  return out;
}

/** The whole set: `total` prompts, apportioned by quota, every one distinct. */
export function templateSet(input: TemplateInput, total: number, quotas: Quotas) {
  const counts = apportion(total, quotas);
  return INTENTS.flatMap((intent) => templatePrompts(input, intent, counts[intent]).map((p) => ({ ...p, intent })));
}
