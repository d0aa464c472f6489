import { createHash } from 'node:crypto';
import type { EngineId } from './catalogue.ts';
import type { AnalysisProfile } from '../analysis/analyze.fns.ts';
import type { AnswerTrace } from './capture/trace.ts';
import { simulatedTrace } from './capture/simulated-trace.fns.ts';

// Deterministic stand-ins for the engines: the same (engine, prompt, day, sample) always gives the
// same answer (sample 1 is the historical (engine, prompt, day) answer; repeated samples differ, as a
// real engine's repeated answers do), and answers vary like real ones — who is named, in which order, in which tone, which
// sites are cited — so every number downstream moves like real data.

export interface EngineAnswer {
  text: string;
  sources: Array<{ url: string; title?: string }>;
  /** What the engine searched and read, as reported (absent only from engines predating the capture). */
  trace?: AnswerTrace;
  /** A real provider's billed usage and its cost in micro-USD (limits/usage.fns.ts); absent when simulated. */
  usage?: { inputTokens: number; outputTokens: number; searchCalls: number; model: string };
  costMicrousd?: number;
}

function rng(seed: string) {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0) || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4_294_967_296;
  };
}

// How often each engine names the brand: engines differ, as real ones do.
const BRAND_RATE: Record<EngineId, number> = { chatgpt: 0.62, perplexity: 0.55, gemini: 0.48, claude: 0.58, 'google-aio': 0.42, 'google-ai-mode': 0.45, grok: 0.5, 'openai-compatible': 0.5,
  copilot: 0.45, 'dataforseo-ai-mode': 0.45, 'dataforseo-chatgpt': 0.6, 'dataforseo-gemini': 0.48 };
const THIRD_PARTY = ['g2.com', 'capterra.com', 'reddit.com', 'en.wikipedia.org', 'forbes.com', 'techradar.com', 'trustpilot.com', 'gartner.com'];

const PHRASES = {
  en: { intro: 'Here are options worth considering:', good: ['is widely recommended and reliable', 'is excellent for most teams', 'is easy to use and popular'], neutral: ['is another option', 'offers a standard feature set', 'is available in several plans'], bad: ['is expensive for small teams', 'can be slow and limited', 'gets complaints about support'], outro: 'The right choice depends on your needs.' },
  es: { intro: 'Estas son algunas opciones a considerar:', good: ['es muy recomendable y fiable', 'es excelente para la mayoría de equipos', 'es fácil y popular'], neutral: ['es otra opción', 'ofrece funciones estándar', 'tiene varios planes'], bad: ['es caro para equipos pequeños', 'puede ser lento y limitado', 'recibe quejas sobre el soporte'], outro: 'La mejor elección depende de tus necesidades.' },
  ca: { intro: 'Aquestes són algunes opcions a considerar:', good: ['és molt recomanat i fiable', 'és excel·lent per a la majoria d’equips', 'és fàcil i popular'], neutral: ['és una altra opció', 'ofereix funcions estàndard', 'té diversos plans'], bad: ['és car per a equips petits', 'pot ser lent i limitat', 'rep queixes sobre el suport'], outro: 'La millor elecció depèn de les teves necessitats.' },
  fr: { intro: 'Voici quelques options à considérer :', good: ['est très recommandé et fiable', 'est excellent pour la plupart des équipes', 'est facile et populaire'], neutral: ['est une autre option', 'offre des fonctions standard', 'propose plusieurs offres'], bad: ['est cher pour les petites équipes', 'peut être lent et limité', 'reçoit des plaintes sur le support'], outro: 'Le bon choix dépend de vos besoins.' },
} as const;

/**
 * Tests only: from `from` (a UTC day) on, the listed engines (all when absent) answer in another
 * shape, as after a silent model update: prose instead of a list, the brand named far less
 * often, more third-party citations, and the model version `version` when given. Canary
 * detection and its alert attribution are tested with it (docs/monitoring.md).
 */
export interface SimulatedShift { from: string; engines?: EngineId[]; version?: string }
export const shiftedOn = (shift: SimulatedShift | undefined, engine: EngineId, day: string) =>
  Boolean(shift && day >= shift.from && (!shift.engines || shift.engines.includes(engine)));

export function simulatedAnswer(engine: EngineId, prompt: { text: string; language: string; sample?: number }, day: string, profile: AnalysisProfile, shift?: SimulatedShift): EngineAnswer {
  if (shiftedOn(shift, engine, day)) return shiftedAnswer(engine, prompt, day, profile, shift!);
  const sample = prompt.sample ?? 1;
  const random = rng(`${engine}|${prompt.text}|${day}${sample > 1 ? `|${sample}` : ''}`);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const phrases = PHRASES[(prompt.language in PHRASES ? prompt.language : 'en') as keyof typeof PHRASES];
  const named = [
    ...(random() < BRAND_RATE[engine] ? [{ entity: profile.brand, owned: true }] : []),
    ...profile.competitors.filter(() => random() < 0.45).map((entity) => ({ entity, owned: false })),
  ].sort(() => random() - 0.5);
  const lines = named.map(({ entity }, i) => {
    const tone = random();
    const phrase = tone < 0.5 ? pick(phrases.good) : tone < 0.82 ? pick(phrases.neutral) : pick(phrases.bad);
    return `${i + 1}. **${entity.name}** ${phrase}.`;
  });
  const sources: EngineAnswer['sources'] = [];
  for (const { entity } of named) {
    if (random() < 0.5 && entity.domains[0]) sources.push({ url: `https://${entity.domains[0]}/${random() < 0.5 ? 'pricing' : 'features'}`, title: entity.name });
  }
  const thirdParty = Math.floor(random() * 3);
  for (let i = 0; i < thirdParty; i++) {
    const site = pick(THIRD_PARTY);
    sources.push({ url: `https://${site}/${encodeURIComponent(prompt.text.slice(0, 24).toLowerCase().replace(/\W+/g, '-'))}-${i}`, title: site });
  }
  const unique = [...new Map(sources.map((s) => [s.url, s])).values()];
  const text = named.length ? [phrases.intro, '', ...lines, '', phrases.outro].join('\n') : phrases.outro;
  const domains = [profile.brand, ...profile.competitors].flatMap((e) => e.domains.slice(0, 1));
  return { text, sources: unique, trace: simulatedTrace(engine, { prompt: prompt.text, language: prompt.language, sample, day, text, sources: unique, domains, thirdParty: THIRD_PARTY }) };
}

/** The shifted shape (see SimulatedShift): one paragraph, few brands, many third-party sources. */
function shiftedAnswer(engine: EngineId, prompt: { text: string; language: string; sample?: number }, day: string, profile: AnalysisProfile, shift: SimulatedShift): EngineAnswer {
  const sample = prompt.sample ?? 1;
  const random = rng(`${engine}|${prompt.text}|${day}|${sample}|shifted`);
  const phrases = PHRASES[(prompt.language in PHRASES ? prompt.language : 'en') as keyof typeof PHRASES];
  const named = [...(random() < BRAND_RATE[engine] * 0.2 ? [profile.brand] : []), ...profile.competitors.filter(() => random() < 0.25)];
  const body = named.map((e) => `${e.name} ${phrases.neutral[Math.floor(random() * phrases.neutral.length)]}`).join('; ');
  // Verbose: the same caveat three times over, as a chattier model answers.
  const text = [`${phrases.intro} ${body || phrases.neutral[0]}.`, ...Array.from({ length: 3 }, () => `${phrases.outro} ${phrases.neutral.join(', ')}.`)].join(' ');
  const sources = Array.from({ length: 6 + Math.floor(random() * 3) }, (_, i) => {
    const site = THIRD_PARTY[(i + Math.floor(random() * THIRD_PARTY.length)) % THIRD_PARTY.length]!;
    return { url: `https://${site}/${encodeURIComponent(prompt.text.slice(0, 24).toLowerCase().replace(/\W+/g, '-'))}-s${i}`, title: site };
  });
  const domains = [profile.brand, ...profile.competitors].flatMap((e) => e.domains.slice(0, 1));
  const trace = simulatedTrace(engine, { prompt: prompt.text, language: prompt.language, sample, day, text, sources, domains, thirdParty: THIRD_PARTY });
  if (shift.version && trace.modelVersion) trace.modelVersion = shift.version;
  return { text, sources, trace };
}
