import { generateText, type LanguageModel } from 'ai';
import type { Candidate } from './recs.types.ts';
import { plural } from '../../lib/format/format.ts';
import { english as fmt } from '../../lib/format/english.ts';
import { intentWords } from './geo-lane.fns.ts';

// Title and rationale of an item: written by the workspace's model from the evidence when a
// provider is configured, else by deterministic templates. The item records which
// (`writtenBy`), and a model answer that is not usable falls back to the template.

export interface Written {
  title: string;
  rationale: string;
  writtenBy: 'model' | 'template';
}

const f = (c: Candidate, key: string) => String(c.evidence.facts[key] ?? '');
const pct = (c: Candidate, i = 0) => {
  const fig = c.evidence.figures[i];
  return fig ? `${fig.unit === 'percent' ? fmt.percent(fig.value) : fmt.decimal(fig.value)} (${fmt.count(fig.k ?? fig.value)} of ${plural(fig.n, 'answer')})` : '';
};

/** The deterministic template of each type: a title that says what to do, a rationale that says why. */
export function templateText(c: Candidate, brand: string): Written {
  const m = c.evidence.metric.current;
  const now = m ? `${fmt.percent(m.value)} (95% ${fmt.interval(m.interval, undefined, { unit: '%' })}, ${fmt.n(m.n)})` : 'not measured';
  const t = (title: string, rationale: string): Written => ({ title: title.slice(0, 200), rationale, writtenBy: 'template' });
  switch (c.type) {
    case 'content_gap':
      return t(`Create ${intentWords(f(c, 'intent'))} content that ${fmt.engine(f(c, 'engine'))} can cite for ${brand}`,
        `On ${fmt.engine(f(c, 'engine'))}, ${pct(c)} of ${intentWords(f(c, 'intent'))} answers name competitors (${(c.evidence.facts.competitors as string[] | undefined ?? []).join(', ')}) but not ${brand}. Publishing pages that answer these prompts directly gives the engine something to cite. Brand mention rate on these prompts now: ${now}.`);
    case 'outreach':
      return t(`Get ${brand} covered on ${f(c, 'domain')}`,
        `${f(c, 'domain')} is cited by AI answers that recommend competitors — ${pct(c, 1)} of answers naming a competitor cite it — and never by an answer naming ${brand}. A listing, review or article there puts ${brand} into the sources the engines already trust.`);
    case 'reddit_thread':
      return t(`Join the Reddit discussion the engines cite: ${f(c, 'threadUrl')}`,
        `This thread is cited in ${plural(c.evidence.figures[0]?.n ?? 0, 'answer')}; ${pct(c)} of them do not name ${brand}. A helpful reply that discloses your affiliation can change what the thread — and the answers built on it — say.`);
    case 'engine_gap':
      return t(`Raise ${brand}'s visibility on ${fmt.engine(f(c, 'engine'))}`,
        `${fmt.engine(f(c, 'engine'))} names ${brand} in ${pct(c, 0)} of answers against ${pct(c, 1)} on the other engines; the intervals do not overlap, so the gap is not noise. Check which sources this engine favours and be present there.`);
    case 'language_gap':
      return t(`Improve ${brand}'s presence in ${fmt.languageName(f(c, 'language'))} answers`,
        `Answers in ${fmt.languageName(f(c, 'language'))} name ${brand} in ${pct(c, 0)} of cases against ${pct(c, 1)} in other languages. Localised pages and sources in ${fmt.languageName(f(c, 'language'))} close this gap.`);
    case 'negative_sentiment':
      return t(`Address a recurring negative claim: "${f(c, 'sentence').slice(0, 120)}"`,
        `This sentence about ${brand} recurs in ${pct(c, 0)} of answers naming the brand; overall ${pct(c, 1)} of those answers are negative. Publish evidence that answers the claim, or fix what causes it, where the engines read.`);
    case 'ai_bot_blocked':
      return t(`Allow ${f(c, 'bot')} in robots.txt`,
        `robots.txt refuses ${f(c, 'bot')} on evaluated pages (${pct(c)} may be fetched), so the AI engine behind it cannot read or cite them.`);
    case 'llms_txt_missing':
      return t('Publish an llms.txt', `${f(c, 'url')} is missing. An llms.txt (llmstxt.org) tells AI engines which pages describe ${brand} best.`);
    case 'source_gap': {
      const rival = f(c, 'competitor');
      return t(`Write a page that answers "${f(c, 'query')}": engines read ${rival}'s pages for it, not yours`,
        `${pct(c)} of the answers that searched "${f(c, 'query')}" (${(c.evidence.facts.engines as string[] | undefined ?? []).map((id) => fmt.engine(id)).join(', ')}) read pages of ${(c.evidence.facts.competitors as string[] | undefined ?? []).join(', ')} and none of ${brand}'s${c.evidence.simulated ? ' (simulated engines: the pages are illustrative)' : ''}. A page of ${brand}'s that answers this query gives the engines something of yours to read and cite. Brand mention rate on the prompts behind the query now: ${now}.`);
    }
    case 'crawl_error':
      return t(`Let ${f(c, 'bot')} read ${f(c, 'page')}: it gets ${f(c, 'lastStatus')}`,
        `${c.evidence.summary}. A crawler that cannot fetch the page cannot retrieve or cite it, whatever it says; the fetches come from ${f(c, 'operator')}'s published addresses, so this is not a spoofer being turned away. Check the firewall, bot protection or CDN rule that answers ${f(c, 'lastStatus')}. Fetches that succeed now: ${now}.`);
    case 'technical_check':
      return t(`Fix "${f(c, 'title')}" on ${f(c, 'failingPages')} pages`, `${c.evidence.summary}. Pass rate now: ${now}.`);
    default:
      return t(c.evidence.summary.slice(0, 200), `${c.evidence.summary}. Click-through rate now: ${now}.`);
  }
}

/** The model writes from the evidence only; its answer must be JSON {title, rationale}. */
export async function writeItem(c: Candidate, brand: string, model: LanguageModel | null, signal?: AbortSignal): Promise<Written> {
  const fallback = templateText(c, brand);
  if (!model) return fallback;
  try {
    const { text } = await generateText({
      model, maxRetries: 2, abortSignal: AbortSignal.any([...(signal ? [signal] : []), AbortSignal.timeout(60_000)]),
      system: 'You write action items for a marketing team. Use only the evidence given; do not invent figures. Answer with JSON only: {"title": string (at most 120 characters, an imperative), "rationale": string (2-4 sentences a non-specialist understands, quoting the figures with their sample sizes)}.',
      prompt: JSON.stringify({ brand, type: c.type, summary: c.evidence.summary, metric: c.evidence.metric, figures: c.evidence.figures, facts: c.evidence.facts, prompts: c.evidence.prompts.slice(0, 5).map((p) => p.text), urls: c.evidence.urls.slice(0, 5) }),
    });
    const json = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as { title?: unknown; rationale?: unknown };
    if (typeof json.title !== 'string' || typeof json.rationale !== 'string' || !json.title.trim() || !json.rationale.trim()) return fallback;
    return { title: json.title.trim().slice(0, 200), rationale: json.rationale.trim().slice(0, 2000), writtenBy: 'model' };
  } catch (err) {
    if (signal?.aborted) throw err;
    return fallback;
  }
}
