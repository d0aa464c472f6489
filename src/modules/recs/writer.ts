import { generateText, type LanguageModel } from 'ai';
import type { Candidate } from './recs.types.ts';
import { createFormatter, type Formatter, type Language } from '../../lib/format/format.ts';
import { recTexts, say } from './texts.fns.ts';

// Title and rationale of an item: written by the workspace's model from the evidence when a
// provider is configured, else by deterministic templates. The item records which
// (`writtenBy`), and a model answer that is not usable falls back to the template.

export interface Written {
  title: string;
  rationale: string;
  writtenBy: 'model' | 'template';
}

const formatters = new Map<Language, Formatter>();
/** The shared formatter of a language (one per language and process). */
export function formatterOf(language: Language): Formatter {
  let f = formatters.get(language);
  if (!f) formatters.set(language, (f = createFormatter({ locale: language })));
  return f;
}

/** The deterministic text of an item in `language`: its title says what to do, its rationale why (texts.fns.ts). */
export function templateText(c: Pick<Candidate, 'type' | 'evidence'>, brand: string, language: Language = 'en'): Written {
  const texts = c.evidence.text ?? recTexts(c, brand);
  const f = formatterOf(language);
  return { title: say(f, texts.title).slice(0, 200), rationale: say(f, texts.rationale), writtenBy: 'template' };
}

/** The model writes from the evidence only; its answer must be JSON {title, rationale}. */
export async function writeItem(c: Candidate, brand: string, model: LanguageModel | null, signal?: AbortSignal, language: Language = 'en'): Promise<Written> {
  const fallback = templateText(c, brand, language);
  if (!model) return fallback;
  try {
    const { text } = await generateText({
      model, maxRetries: 2, abortSignal: AbortSignal.any([...(signal ? [signal] : []), AbortSignal.timeout(60_000)]),
      system: `You write action items for a marketing team, in ${formatterOf('en').languageName(language)}. Use only the evidence given; do not invent figures. The title is an imperative that names the topic in plain words: never quote a search query or keyword string, never use a URL, field name or code identifier. Answer with JSON only: {"title": string (at most 120 characters), "rationale": string (2-4 sentences a non-specialist understands, with at most two figures)}.`,
      prompt: JSON.stringify({ brand, language, suggestedTitle: fallback.title, why: fallback.rationale, figures: c.evidence.figures.map((x) => ({ label: x.label, value: x.value, n: x.n })), facts: c.evidence.facts, prompts: c.evidence.prompts.slice(0, 5).map((p) => p.text), urls: c.evidence.urls.slice(0, 5) }),
    });
    const json = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as { title?: unknown; rationale?: unknown };
    if (typeof json.title !== 'string' || typeof json.rationale !== 'string' || !json.title.trim() || !json.rationale.trim()) return fallback;
    return { title: json.title.trim().slice(0, 200), rationale: json.rationale.trim().slice(0, 2000), writtenBy: 'model' };
  } catch (err) {
    if (signal?.aborted) throw err;
    return fallback;
  }
}
