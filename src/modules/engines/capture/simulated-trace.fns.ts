import { createHash } from 'node:crypto';
import type { EngineId } from '../catalogue.ts';
import { ENGINE_SURFACE } from './capture.ts';
import { TraceBuilder, type AnswerTrace } from './trace.ts';

// The simulated engines' trace: the same shapes a real provider gives, labelled `simulated`, and
// deterministic per (engine, prompt, day, sample). It has its own random stream so that the
// simulated answers themselves are unchanged. Fan-out queries recur across samples as real ones
// do (the first is stable, the others vary), as keyword queries in the prompt's language; every
// cited page was retrieved, and some retrieved pages — owned ones included — are not cited, so
// that every view has something to show.
// A product-surface engine reports no queries, model or usage, like SerpAPI's.

// Keyword queries in the prompt's language, on its content words, as engines search.
const FANOUT: Record<string, string[]> = {
  en: ['{q}', 'best {q}', '{q} reviews', '{q} comparison {year}', '{q} reddit', '{q} pricing', 'alternatives to {q}'],
  es: ['{q}', 'mejores {q}', 'opiniones {q}', 'comparativa {q} {year}', '{q} foro', 'precio {q}', 'alternativas a {q}'],
  ca: ['{q}', 'millors {q}', 'opinions {q}', 'comparativa {q} {year}', '{q} fòrum', 'preu {q}', 'alternatives a {q}'],
  fr: ['{q}', 'meilleurs {q}', 'avis {q}', 'comparatif {q} {year}', '{q} forum', 'prix {q}', 'alternatives à {q}'],
};
// Question words, articles and verbs a search query leaves out.
const NOT_SEARCHED = new Set(('what which who how why is are do does can should i a an the to the best top good me my you ' +
  'qué que cuál cuáles cómo es son el la los las un una unos unas mejor mejores buen buena puedo me mi ' +
  'què quin quina quins quines com és són els les uns unes millor millors bon bona puc em ' +
  'quel quelle quels quelles comment est sont le des une meilleur meilleure meilleurs meilleures bon bonne je mon ma').split(' '));

function rng(seed: string) {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0) || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4_294_967_296;
  };
}

export function simulatedTrace(engine: EngineId, input: {
  prompt: string; language?: string; sample: number; day: string; text: string; sources: Array<{ url: string; title?: string }>; domains: string[]; thirdParty: readonly string[];
}): AnswerTrace {
  const random = rng(`${engine}|${input.prompt}|${input.day}|${input.sample}|trace`);
  const surface = ENGINE_SURFACE[engine];
  const b = new TraceBuilder('simulated', surface, true);
  const words = input.prompt.toLowerCase().replace(/[?¿!¡.:,]+/g, ' ').trim().split(/\s+/);
  const core = (words.filter((w) => !NOT_SEARCHED.has(w)).slice(0, 6).join(' ') || words.slice(0, 6).join(' '));
  const fanout = FANOUT[input.language ?? 'en'] ?? FANOUT.en!;
  const year = input.day.slice(0, 4);
  if (surface === 'api') {
    b.reported.add('queries');
    const count = 1 + Math.floor(random() * 3);
    const picked = [fanout[0]!, ...fanout.slice(1).filter(() => random() < 0.4)].slice(0, count);
    for (const q of picked) b.query(q.replace('{q}', core).replace('{year}', year));
    b.modelVersion = `simulated-${engine}-1`;
    const input_ = Math.ceil(input.prompt.length / 4) + 40;
    const output = Math.ceil(input.text.length / 4);
    b.usage = { inputTokens: input_, outputTokens: output, totalTokens: input_ + output, searches: b.queries.length, raw: {} };
  }
  // Retrieved: the cited pages plus pages read and not cited, shuffled into a result order.
  const extra = input.domains.filter(() => random() < 0.3).map((d) => ({ url: `https://${d}/${random() < 0.5 ? 'blog' : 'docs'}`, title: d }));
  if (random() < 0.6) {
    const site = input.thirdParty[Math.floor(random() * input.thirdParty.length)]!;
    extra.push({ url: `https://${site}/${encodeURIComponent(core.replace(/\s+/g, '-'))}`, title: site });
  }
  const retrieved = [...new Map([...input.sources, ...extra].map((s) => [s.url, s])).values()].sort(() => random() - 0.5);
  b.reported.add('retrieved');
  b.reported.add('cited');
  retrieved.forEach((s, i) => b.source(s.url, s.title ?? null, i + 1, b.queries.length ? b.queries[Math.floor(random() * b.queries.length)]! : null));
  for (const s of input.sources) {
    const marker = s.title ? input.text.indexOf(`**${s.title}**`) : -1;
    const end = marker >= 0 ? input.text.indexOf('\n', marker) : -1;
    const span = marker >= 0 ? { start: marker, end: end < 0 ? input.text.length : end, text: input.text.slice(marker, end < 0 ? undefined : end) } : null;
    b.cite(s.url, s.title ?? null, span);
  }
  return b.done();
}
