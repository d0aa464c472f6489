import type { runResults } from './runs.tables.ts';

// The stored shape lives in its own file so that runs.tables.ts can type its column without
// importing this module (which reads the table's row type): no import circle.
export { storedAnalysis, type StoredAnalysis } from './stored-analysis.fns.ts';

/** A stored result; without `answer` when only a page's texts are read (runs.views.ts). */
type Result = Omit<typeof runResults.$inferSelect, 'answerSearch' | 'answer'> & { answer?: string };
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
const round = (x: number | null, digits = 4) => (x === null ? null : Number(x.toFixed(digits)));

/** Run detail grouped by engine: mentions, citations, sentiment and every prompt's result. */
export function summarizeRun(results: Result[]) {
  const engines = [...new Set(results.map((r) => r.engine))];
  return {
    engines: engines.map((engine) => {
      const rows = results.filter((r) => r.engine === engine);
      const answered = rows.filter((r) => !r.error);
      const mentions = new Map<string, { name: string; kind: string; answers: number }>();
      const domains = new Map<string, { domain: string; class: string; citations: number }>();
      const classes = { owned: 0, competitor: 0, third_party: 0 };
      for (const r of answered) {
        for (const e of r.analysis?.entities ?? []) {
          if (!e.mentioned) continue;
          const m = mentions.get(e.entityId) ?? { name: e.name, kind: e.kind, answers: 0 };
          m.answers += 1;
          mentions.set(e.entityId, m);
        }
        for (const c of r.analysis?.citations ?? []) {
          classes[c.class] += 1;
          const d = domains.get(c.domain) ?? { domain: c.domain, class: c.class, citations: 0 };
          d.citations += 1;
          domains.set(c.domain, d);
        }
      }
      const brandRows = answered.filter((r) => r.brandMentioned);
      return {
        engine,
        simulated: rows.every((r) => r.simulated),
        calls: rows.length,
        answers: answered.length,
        errors: rows.length - answered.length,
        brand: {
          mentions: brandRows.length,
          mentionRate: answered.length ? round(brandRows.length / answered.length) : null,
          averagePosition: round(mean(brandRows.map((r) => r.brandRank!).filter((x) => x !== null))),
          sentiment: round(mean(brandRows.map((r) => r.brandSentiment).filter((x): x is number => x !== null))),
        },
        mentions: [...mentions.entries()].map(([entityId, m]) => ({ entityId, ...m })).sort((a, b) => b.answers - a.answers),
        citations: { ...classes, topDomains: [...domains.values()].sort((a, b) => b.citations - a.citations).slice(0, 10) },
        prompts: rows.map((r) => ({
          // The stored result's id: the answers API's id of this answer (GET …/answers/{id}).
          id: r.id, promptId: r.promptId, sample: r.sample, text: r.promptText, intent: r.intent, language: r.language, simulated: r.simulated,
          brandMentioned: r.brandMentioned, brandRank: r.brandRank, brandSentiment: r.brandSentiment,
          mentioned: r.analysis?.mentioned ?? [], citations: (r.analysis?.citations ?? []).map((c) => ({ url: c.url, domain: c.domain, class: c.class })),
          answer: r.answer ?? '', error: r.error,
        })),
      };
    }),
  };
}
