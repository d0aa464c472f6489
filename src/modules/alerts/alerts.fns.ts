import { ENGINE_IDS } from '../engines/catalogue.ts';
import { invalid } from '../../lib/errors.ts';
import { COMPONENTS } from '../scores/scores.fns.ts';
import type { Move, Reading, ScoreChangedData } from '../scores/moves.fns.ts';
import { english as fmt } from '../../lib/format/english.ts';

// Alert rules: what each kind accepts, which events it reads, and when it fires. Pure.

export const RULE_KINDS = ['score', 'competitor_overtakes', 'run_failed', 'credits_low', 'schedule_skipped'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];
export const METRICS = ['score', ...COMPONENTS] as const;
export const DIRECTIONS = ['drop', 'rise', 'any'] as const;
/** Rules per workspace: enough for every kind several times over, few enough to evaluate per event. */
export const MAX_RULES_PER_WORKSPACE = 25;
export const MAX_THRESHOLD_MICROUSD = 1_000_000_000_000;

export interface RuleInput {
  kind: RuleKind;
  name?: string;
  metric?: (typeof METRICS)[number];
  direction?: (typeof DIRECTIONS)[number];
  engine?: (typeof ENGINE_IDS)[number];
  competitor?: string;
  thresholdMicrousd?: number;
}
export interface Rule {
  id: string;
  kind: RuleKind;
  name: string | null;
  metric: string | null;
  direction: string | null;
  engine: string | null;
  competitor: string | null;
  thresholdMicrousd: number | null;
}
export type RuleFields = Omit<Rule, 'id'>;

const FIELDS_OF: Record<RuleKind, Array<keyof RuleInput>> = {
  score: ['metric', 'direction', 'engine'],
  competitor_overtakes: ['competitor', 'engine'],
  run_failed: [],
  credits_low: ['thresholdMicrousd'],
  schedule_skipped: [],
};
const OPTIONAL = ['kind', 'name'] as const;

/**
 * The stored fields of a new rule, or a 400 naming the field: fields that do not apply to the
 * kind are refused (a threshold on a score rule is a mistake, not something to ignore).
 */
export function validateRule(input: RuleInput, workspace: { competitors: string[] }): RuleFields {
  const allowed = new Set<string>([...OPTIONAL, ...FIELDS_OF[input.kind]]);
  for (const field of Object.keys(input)) {
    if (!allowed.has(field)) throw invalid(`body.${field} does not apply to ${input.kind} rules (they take: ${FIELDS_OF[input.kind].join(', ') || 'no other field'})`, { field });
  }
  let competitor: string | null = null;
  if (input.competitor !== undefined) {
    competitor = workspace.competitors.find((c) => c.toLowerCase() === input.competitor!.trim().toLowerCase()) ?? null;
    if (!competitor) throw invalid(`body.competitor must name one of the workspace's competitors (${workspace.competitors.join(', ') || 'it has none'})`, { field: 'competitor' });
  }
  if (input.kind === 'credits_low' && input.thresholdMicrousd === undefined) {
    throw invalid('body.thresholdMicrousd is required for credits_low rules (an integer of micro-USD)', { field: 'thresholdMicrousd' });
  }
  return {
    kind: input.kind, name: input.name?.trim() || null,
    metric: input.kind === 'score' ? (input.metric ?? 'score') : null,
    direction: input.kind === 'score' ? (input.direction ?? 'drop') : null,
    engine: input.engine ?? null, competitor,
    thresholdMicrousd: input.kind === 'credits_low' ? input.thresholdMicrousd! : null,
  };
}

/** The rule kinds an event type can fire (the hub's listener stores only events some rule reads). */
export function kindsFor(eventType: string): RuleKind[] {
  switch (eventType) {
    case 'score.changed': return ['score', 'competitor_overtakes'];
    case 'run.failed': return ['run_failed'];
    case 'credits.low': return ['credits_low'];
    case 'schedule.skipped': return ['schedule_skipped'];
    default: return [];
  }
}

export interface Firing {
  /** One firing per rule and key: the run, reservation or due time the event is about. */
  dedupeKey: string;
  reason: string;
  figures: Record<string, unknown>;
}
export interface EventLike {
  id: string;
  type: string;
  data: Record<string, unknown>;
}

// Reasons are read by people (mail, inbox, webhooks): figures through the shared English
// formatter, engines by name, days as dates.
/** "60.0 (95% 55.0–65.0, n = 100)"; a rate (0-100) as "70.0% (95% 62.0–77.0%, n = 100)". */
const reading = (r: Reading, unit: 'score' | '%' = 'score') => {
  const value = unit === '%' ? fmt.percent(r.value, 'not_measured') : fmt.score(r.value, 'not_measured');
  return `${value} (${r.interval ? `95% ${fmt.interval(r.interval, undefined, unit === '%' ? { unit: '%' } : {})}, ` : ''}${fmt.n(r.n)})`;
};
const usd = (micros: number) => fmt.usd(micros);
const directionOk = (direction: string | null, delta: number | null) =>
  delta !== null && delta !== 0 && (direction === 'any' || (direction === 'rise' ? delta > 0 : delta < 0));
const label = (metric: string) => (metric === 'score' ? 'GEO score' : `${fmt.metric(metric).toLowerCase()} component`);
const scope = (engine: string) => (engine === 'composite' ? 'across all engines' : `on ${fmt.engine(engine)}`);

/** A likely engine change near the event's day (canaries, docs/monitoring.md). */
export interface EngineChangeNote { engine: string; day: string; reasons: Array<{ detail: string }> }
/** The engines whose changes bear on a rule's figures: its own, or every engine for the composite. */
export const engineScope = (rule: Pick<Rule, 'engine'>) => (rule.engine ? [rule.engine] : null);
/**
 * A significant move within days of an engine change may be the engine's, not the brand's: the
 * firing says so first, and carries the flags (`possibleEngineChange`).
 */
function attributed(firing: Firing, changes: EngineChangeNote[]): Firing {
  if (!changes.length) return firing;
  const which = changes.map((c) => `${fmt.engine(c.engine)} on ${fmt.date(c.day)} (${c.reasons.map((r) => r.detail).join('; ')})`).join('; ');
  return {
    ...firing,
    reason: `Possible engine change: the canary prompts flag ${which}; this move may be the engine's, not the brand's. ${firing.reason}`,
    figures: { ...firing.figures, possibleEngineChange: changes },
  };
}

/** Whether the rule fires on the event, and why in words with the figures behind it; `engineChanges`: flags near the event's day within the rule's engines. */
export function evaluate(rule: Rule, event: EventLike, engineChanges: EngineChangeNote[] = []): Firing | null {
  const firing = evaluateOnly(rule, event);
  return firing && (rule.kind === 'score' || rule.kind === 'competitor_overtakes') ? attributed(firing, engineChanges) : firing;
}

function evaluateOnly(rule: Rule, event: EventLike): Firing | null {
  if (!kindsFor(event.type).includes(rule.kind as RuleKind)) return null;
  switch (rule.kind) {
    case 'score': {
      const d = event.data as unknown as ScoreChangedData;
      if (d.engine !== (rule.engine ?? 'composite')) return null;
      const metric = rule.metric ?? 'score';
      const m: Move | undefined = metric === 'score' ? d : d.components?.[metric as keyof ScoreChangedData['components']];
      // No alert on noise: only a change whose 95% intervals separate.
      if (!m?.significant || !directionOk(rule.direction, m.delta)) return null;
      const verb = (m.delta ?? 0) < 0 ? 'dropped' : 'rose';
      return {
        dedupeKey: `run:${d.runId}:${d.engine}`,
        reason: `The ${label(metric)} ${scope(d.engine)} ${verb} from ${reading(m.before)} on ${fmt.date(d.previousDay)} to ${reading(m.after)} on ${fmt.date(d.day)}; the 95% intervals do not overlap.`,
        figures: { metric, engine: d.engine, runId: d.runId, before: m.before, after: m.after, delta: m.delta, significant: true, previousDay: d.previousDay, day: d.day },
      };
    }
    case 'competitor_overtakes': {
      const d = event.data as unknown as ScoreChangedData;
      if (d.engine !== (rule.engine ?? 'composite')) return null;
      const hits = (d.overtakes ?? []).filter((o) => !rule.competitor || o.competitor.name.toLowerCase() === rule.competitor.toLowerCase());
      if (!hits.length) return null;
      const words = hits.map((o) => `${o.competitor.name} now ranks #${o.competitor.rankAfter}, mentioned in ${reading(o.competitor.visibility, '%')} of answers, above the brand at #${o.brand.rankAfter}, mentioned in ${reading(o.brand.visibility, '%')}`);
      return {
        dedupeKey: `run:${d.runId}:${d.engine}`,
        reason: `${words.join('; ')} ${scope(d.engine)}; the 95% intervals of their mention rates do not overlap.`,
        figures: { engine: d.engine, runId: d.runId, day: d.day, overtakes: hits },
      };
    }
    case 'run_failed': {
      const d = event.data as { runId: string; preset?: string | null; error?: { code: string; message: string }; totals?: Record<string, number> };
      return {
        dedupeKey: `run:${d.runId}`,
        reason: `Run ${d.runId}${d.preset ? ` (${d.preset})` : ''} failed: ${d.error?.message ?? 'unknown error'}${d.error ? ` [${d.error.code}]` : ''}.`,
        figures: { runId: d.runId, preset: d.preset ?? null, error: d.error ?? null, totals: d.totals ?? null },
      };
    }
    case 'credits_low': {
      const d = event.data as { reservationId: string | null; grantIds?: string[]; previousAvailableMicrousd: number; availableMicrousd: number; operation?: string };
      const t = rule.thresholdMicrousd ?? 0;
      if (!(d.previousAvailableMicrousd >= t && d.availableMicrousd < t)) return null;
      // A grant expires once, so the grants that expired identify an expiry's crossing as a hold identifies its own.
      const expiry = d.reservationId === null;
      const cause = expiry ? 'credits expired' : `a ${d.operation ?? 'metered'} hold`;
      return {
        dedupeKey: expiry ? `expiry:${(d.grantIds ?? []).join(',')}` : `reservation:${d.reservationId}`,
        reason: `Available credits fell below ${usd(t)}: ${usd(d.availableMicrousd)} left after ${cause} (was ${usd(d.previousAvailableMicrousd)}).`,
        figures: {
          thresholdMicrousd: t, availableMicrousd: d.availableMicrousd, previousAvailableMicrousd: d.previousAvailableMicrousd, reservationId: d.reservationId,
          ...(expiry ? { grantIds: d.grantIds ?? [] } : {}),
        },
      };
    }
    case 'schedule_skipped': {
      const d = event.data as { dueAt: string; reason?: string; code?: string };
      return {
        dedupeKey: `due:${d.dueAt}`,
        reason: `The scheduled run due ${fmt.dateTime(d.dueAt)} did not start: ${d.reason ?? 'no reason given'}${d.code ? ` [${d.code}]` : ''}.`,
        figures: { dueAt: d.dueAt, code: d.code ?? null, reason: d.reason ?? null },
      };
    }
    default: return null;
  }
}

/** The mail to members: the reason first, then where to look. */
export function alertMail(input: { workspaceName: string; slug: string; rule: Rule; reason: string; publicBaseUrl: string; firedAt: Date }) {
  const title = input.rule.name ?? input.rule.kind.replaceAll('_', ' ');
  return {
    subject: `[GEO] ${input.workspaceName}: alert “${title}” fired`,
    text: [
      `Alert “${title}” fired for ${input.workspaceName} on ${fmt.dateTime(input.firedAt)}.`,
      '',
      input.reason,
      '',
      `Rules and what they fired: ${input.publicBaseUrl}/w/${encodeURIComponent(input.slug)}/settings#alerts`,
      'You receive this because you are a member of the workspace.',
    ].join('\n'),
  };
}
