import { createHash } from 'node:crypto';
import { generateText, type LanguageModel } from 'ai';
import type { ProviderConfig } from '../engines/catalogue.ts';

// The two providers research calls: the workspace's language model and a SERP engine (SerpApi's
// `GET /search.json`). Each is real when a key exists, else a simulated one of the same shape,
// deterministic per question, that names brands the workspace may not track and cites sites.

export interface SerpResult { organic: Array<{ title: string; link: string }>; relatedQuestions: string[] }
export interface ResearchModel { simulated: boolean; ask(prompt: string, signal: AbortSignal): Promise<string> }
export interface ResearchSerp { simulated: boolean; search(query: string, language: string, signal: AbortSignal): Promise<SerpResult> }

export function realModel(model: LanguageModel): ResearchModel {
  return {
    simulated: false,
    async ask(prompt, signal) {
      const { text } = await generateText({ model, prompt, abortSignal: AbortSignal.any([signal, AbortSignal.timeout(120_000)]), maxRetries: 2 });
      return text;
    },
  };
}

export function serpApi(apiKey: string, provider: ProviderConfig): ResearchSerp {
  return {
    simulated: false,
    async search(query, language, signal) {
      const url = new URL(`${provider.baseUrl}/search.json`);
      for (const [k, v] of Object.entries({ engine: 'google', q: query, hl: language, num: '10', api_key: apiKey })) url.searchParams.set(k, v);
      const res = await fetch(url, { signal: AbortSignal.any([signal, AbortSignal.timeout(30_000)]) });
      if (!res.ok) throw new Error(`SerpApi answered ${res.status}`);
      const body = (await res.json()) as { organic_results?: Array<{ title?: string; link?: string }>; related_questions?: Array<{ question?: string }> };
      return {
        organic: (body.organic_results ?? []).filter((r) => typeof r.link === 'string').map((r) => ({ title: r.title ?? '', link: r.link! })),
        relatedQuestions: (body.related_questions ?? []).map((q) => q.question).filter((q): q is string => typeof q === 'string'),
      };
    },
  };
}

function seeded(seed: string) {
  let n = createHash('sha256').update(seed).digest().readUInt32LE(0) || 1;
  return () => {
    n ^= n << 13; n ^= n >>> 17; n ^= n << 5;
    return (n >>> 0) / 4_294_967_296;
  };
}

const SIM_SITES = ['g2.com', 'capterra.com', 'reddit.com', 'en.wikipedia.org', 'forbes.com', 'techradar.com', 'gartner.com', 'medium.com', 'youtube.com', 'trustradius.com'];

/**
 * Simulated model: list answers in the shape the real prompts ask for, naming only `known` brands
 * (the workspace's own and its tracked competitors). It invents no brand: a name it gave would be
 * proposed as a competitor with no source behind it.
 */
export function simulatedModel(known: string[]): ResearchModel {
  return {
    simulated: true,
    async ask(prompt) {
      const random = seeded(prompt);
      const pool = [...known];
      if (/^List (\d+) questions/i.test(prompt)) {
        const topic = topicAfterAbout(prompt.split('\n')[0]!) ?? 'this category';
        const forms = ['How do I compare', 'What is the best way to evaluate', 'Which features matter most in', 'How much does it cost to adopt', 'What are common mistakes when choosing', 'Who are the leaders in'];
        return forms.map((f, i) => `${i + 1}. ${f} ${topic}?`).join('\n');
      }
      const count = Math.min(pool.length, 3 + Math.floor(random() * 4));
      const picked = [...pool].sort(() => random() - 0.5).slice(0, count);
      return picked.map((name, i) => `${i + 1}. ${name} - a well-known option`).join('\n');
    },
  };
}

export function simulatedSerp(): ResearchSerp {
  return {
    simulated: true,
    async search(query) {
      const random = seeded(`serp|${query}`);
      const sites = [...SIM_SITES].sort(() => random() - 0.5).slice(0, 5);
      return {
        organic: sites.map((s, i) => ({ title: `${query} — ${s}`, link: `https://${s}/${i}-${encodeURIComponent(query.slice(0, 20))}` })),
        relatedQuestions: [`What is the cheapest option for ${query.replace(/\?$/, '')}?`, `Is ${query.replace(/\?$/, '')} worth it?`],
      };
    },
  };
}

/**
 * What a simulated research prompt asks about: the first line after its first "about ", less a
 * final " in xx" and dot ("… about dental clinics in es." → "dental clinics"), or null. Read
 * from the end: /about (.+?)(?: in [a-z]{2})?\.?$/i retried every "about " against the rest.
 */
export function topicAfterAbout(line: string): string | null {
  // `.` stops at a line break: only an "about " after the last one can match.
  const from = Math.max(line.lastIndexOf('\r'), line.lastIndexOf('\u2028'), line.lastIndexOf('\u2029')) + 1;
  const at = line.slice(from).search(/about /i);
  if (at === -1) return null;
  const rest = line.slice(from + at + 6);
  // The shortest topic: the longest tail that leaves at least one character.
  for (const [tail, length] of [[/^ in [a-z]{2}\.$/i, 7], [/^ in [a-z]{2}$/i, 6], [/^\.$/, 1]] as const) {
    if (rest.length > length && tail.test(rest.slice(-length))) return rest.slice(0, -length);
  }
  return rest || null;
}
