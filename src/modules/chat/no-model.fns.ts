// The chat's reply when no language model can be used: written from the tools' results in the
// question's language, first what the question asked about (the brand or competitor named, on the
// engine named), then the other figures asked for, the recommendation to start with, and last
// what a model would add. Every figure goes through the shared formatter; a rate is written once,
// "62.1% (95% interval 56.6–69.9%, n = 200)", never inside another pair of parentheses.

import { createFormatter, type Formatter, type Language } from '../../lib/format/format.ts';
import { modelName } from '../../lib/format/models.ts';
import { t } from '../../lib/messages/index.ts';
import type { MessageKey } from '../../lib/messages/catalogue.ts';
import { fold, type Asked } from './question.fns.ts';

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Params = Record<string, string | number>;

export interface NoModelReply {
  asked: Asked;
  brand: string;
  /** Each called tool's output, by tool name. */
  results: ReadonlyMap<string, unknown>;
  /** Tools the question needed that this credential may not call, with the scope each needs. */
  refused: ReadonlyArray<{ scope: string }>;
}

/**
 * The sentence said first in every reply without a model, and shown by Settings (same words):
 * the model by its display name (models.ts), never its "provider:model" id.
 */
export const noModelSentence = (language: Language, model: string, reason: 'no_key' | 'unknown_provider' | null) =>
  t(language, 'chat.noModel', { model: modelName(model), reason: reason ?? 'no_key' });

/** A rate on 0-100 with its interval and n, as one phrase. */
function rate(f: Formatter, language: Language, value: unknown, interval: unknown, n: unknown): string {
  if (typeof value !== 'number') return f.notEnough('not_measured');
  if (!Array.isArray(interval)) return `${f.percent(value)} (${f.n(typeof n === 'number' ? n : 0)})`;
  return t(language, 'chat.figure', { value: f.percent(value), interval: f.interval(interval as [number, number], undefined, { unit: '%' }), n: f.n(typeof n === 'number' ? n : 0) });
}

/** A title without its closing full stop (the sentence around it has one). */
const withoutStop = (s: string) => {
  let end = s.length;
  while (end > 0 && (s[end - 1] === '.' || s[end - 1] === ' ')) end--;
  return s.slice(0, end);
};
const same = (a: string, b: string) => fold(a).trim() === fold(b).trim();
const lastMeasured = (points: Any[] | undefined) => [...(points ?? [])].reverse().find((p) => typeof p.visibility === 'number');
const failed = (o: unknown): o is { error: Any } => !!o && typeof o === 'object' && 'error' in (o as Any);

/**
 * The open recommendation that applies: one that names the entity or engine asked about first,
 * then the highest priority; todo before proposed.
 */
export function pickRecommendation(groups: Any | undefined, asked: Asked): Any | undefined {
  const open: Any[] = [...(groups?.todo ?? []), ...(groups?.in_review ?? []), ...(groups?.proposed ?? [])];
  const about = (r: Any) => {
    const text = fold(`${r.title ?? ''} ${r.topic ?? ''} ${JSON.stringify(r.evidence ?? {})}`);
    return (asked.entity && text.includes(fold(asked.entity.name)) ? 2 : 0) + (asked.engine && text.includes(asked.engine) ? 1 : 0);
  };
  const priority = (r: Any) => (typeof r.scores?.priority === 'number' ? r.scores.priority : 0);
  return open.map((r, i) => ({ r, i })).sort((a, b) => about(b.r) - about(a.r) || priority(b.r) - priority(a.r) || a.i - b.i)[0]?.r;
}

export function composeNoModel(reply: NoModelReply): string {
  const { asked, brand, results } = reply;
  const { language } = asked;
  const f = createFormatter({ locale: language, timeZone: 'UTC' });
  const say = (key: MessageKey, params?: Params) => t(language, key, params);
  const get = (tool: string) => (results.has(tool) && !failed(results.get(tool)) ? (results.get(tool) as Any) : undefined);
  const lines: string[] = [];
  const used = new Set<string>();
  const competitor = asked.entity?.kind === 'competitor' ? asked.entity.name : undefined;

  // 1. What the question named: the competitor on the engine, the competitor overall, the brand on the engine.
  const series = get('get_entity_timeseries');
  if (competitor && asked.engine && series) {
    used.add('get_entity_timeseries');
    const them = lastMeasured(series.entities?.find((e: Any) => same(e.name, competitor))?.points);
    const us = lastMeasured(series.entities?.find((e: Any) => e.kind === 'brand')?.points);
    lines.push(them
      ? say('chat.entityOnEngine', { engine: f.engine(asked.engine), entity: competitor, rate: rate(f, language, them.visibility, them.interval, them.n), date: f.date(them.date), brand, brandRate: us ? rate(f, language, us.visibility, us.interval, us.n) : f.notEnough('no_mentions') })
      : say('chat.entityUnmeasured', { entity: competitor, engine: f.engine(asked.engine) }));
  }
  const board = get('get_scoreboard');
  if (competitor && board) {
    const them = board.entities?.find((e: Any) => same(e.name, competitor));
    const us = board.entities?.find((e: Any) => e.kind === 'brand');
    if (them) {
      lines.push(say('chat.entityOverall', {
        date: f.date(board.date), entity: competitor, rate: rate(f, language, them.visibility, them.visibilityInterval, board.answers),
        brand, brandRate: us ? rate(f, language, us.visibility, us.visibilityInterval, board.answers) : f.notEnough('no_mentions'),
      }));
      if (!asked.compare) used.add('get_scoreboard');
    }
  }
  const metrics = get('get_metrics');
  if (asked.engine && metrics) {
    used.add('get_metrics');
    const e = metrics.engines?.find((x: Any) => x.engine === asked.engine);
    lines.push(e
      ? say('chat.engineBrand', { engine: f.engine(asked.engine), brand, rate: rate(f, language, e.mentionRate?.value, e.mentionRate?.interval, e.mentionRate?.n), date: f.date(metrics.date), score: f.score(e.score, 'not_measured') })
      : say('chat.entityUnmeasured', { entity: brand, engine: f.engine(asked.engine) }));
  }

  // 2. The other figures asked for, in the order the tools were wanted.
  let other = false;
  for (const [tool, output] of results) {
    if (used.has(tool) || tool === 'list_recommendations') continue;
    const o = output as Any;
    if (failed(o)) {
      lines.push(say('chat.unreadable', { code: String(o.error?.code ?? 'unavailable') }));
      continue;
    }
    switch (tool) {
      case 'get_geo_score':
        lines.push(say('chat.score', { date: f.date(o.date), score: f.score(o.score), interval: f.interval(o.interval ?? null, 'too_few'), n: f.n(o.n ?? 0) }));
        break;
      case 'get_timeseries': {
        const points = (o.points ?? []).filter((p: Any) => typeof p.score === 'number');
        const engine = f.engine(o.engine ?? 'composite');
        const first = points[0];
        const last = points.at(-1);
        const range = String(o.range ?? asked.range);
        // One day measured (or the first and last the same day) is a figure, not a change "from 70.4 to 70.4".
        lines.push(!points.length
          ? say('chat.trendNone', { engine, range })
          : first.date === last.date
            ? say('chat.trendOne', { engine, range, score: f.score(last.score), date: f.date(last.date) })
            : say('chat.trend', { engine, range, first: f.score(first.score), firstDate: f.date(first.date), last: f.score(last.score), lastDate: f.date(last.date), delta: f.delta(last.score - first.score) }));
        break;
      }
      case 'get_metrics':
        lines.push(say('chat.metrics', { date: f.date(o.date), rate: rate(f, language, o.mentionRate?.value, o.mentionRate?.interval, o.mentionRate?.n), citeRate: rate(f, language, o.citationRate?.value, o.citationRate?.interval, o.citationRate?.n) }));
        break;
      case 'get_scoreboard':
        lines.push(say('chat.ranking', { date: f.date(o.date), list: (o.entities ?? []).map((e: Any) => `${f.count(e.rank)}. ${e.name} ${f.score(e.score, 'not_measured')}`).join('; ') }));
        break;
      case 'get_top_cited_domains': {
        const all = Object.values(o.topCitedDomains ?? {}).flat() as Any[];
        const top = all.sort((a, b) => b.citations - a.citations).slice(0, 3);
        lines.push(say('chat.sources', { date: f.date(o.date), list: top.length ? top.map((d) => `${d.domain} ${f.count(d.citations)}`).join(', ') : f.notEnough('not_measured') }));
        break;
      }
      case 'list_runs': {
        const r = o.runs?.[0];
        lines.push(r
          ? say('chat.runs', { when: f.dateTime(r.startedAt), status: String(r.status), done: f.count(r.progress?.completedCalls ?? 0), total: f.count(r.progress?.totalCalls ?? 0) })
          : say('chat.noRuns'));
        break;
      }
      case 'get_run_detail': {
        const engines = (o.engines ?? []).map((e: Any) => say('chat.runEngine', { engine: f.engine(e.engine), k: f.count(e.brand?.mentions ?? 0), n: f.count(e.answers ?? 0) }));
        if (engines.length) lines.push(say('chat.runDetail', { list: engines.join('; ') }));
        break;
      }
      case 'get_credits_balance':
        lines.push(say('chat.credits', { available: f.usd(o.availableMicrousd), held: f.usd(o.heldMicrousd) }));
        break;
      case 'list_prompts':
        lines.push(say('chat.prompts', { n: typeof o.total === 'number' ? o.total : (o.prompts ?? []).length }));
        break;
      default:
        if (!other) lines.push(say('chat.other'));
        other = true;
    }
  }

  // 3. What to do: the open recommendation that applies.
  if (results.has('list_recommendations')) {
    const rec = pickRecommendation(get('list_recommendations'), asked);
    lines.push(rec?.title ? say('chat.rec', { title: withoutStop(String(rec.title)) }) : say('chat.recNone'));
  }
  for (const r of reply.refused) lines.push(say('chat.scope', { scope: r.scope.split(':')[0] || 'other' }));
  if (!lines.length) lines.push(say('chat.nothing'));
  lines.push(say('chat.modelWouldAdd', { entity: competitor ?? 'none' }));
  return lines.join('\n\n');
}
