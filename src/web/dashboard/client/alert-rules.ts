// Alert rules in words for the settings page (docs/monitoring.md "Alerts"): what each kind
// watches, as a member reads it in the list. Pure, so that a table test checks it; `fmt` is the
// shared formatter (engines and metrics by name, money).
import type { Formatter } from '../../../lib/format/format.ts';

export interface RuleLike { kind: string; name?: string | null; metric?: string | null; direction?: string | null; engine?: string | null; competitor?: string | null; thresholdMicrousd?: number | null }
export interface RuleForm { kind: string; name?: string; metric?: string; direction?: string; engine?: string; competitor?: string; dollars?: string }

export const RULE_KINDS: ReadonlyArray<readonly [string, string]> = Object.freeze([
  ['score', 'The GEO score or a component moves'],
  ['competitor_overtakes', 'A competitor overtakes the brand'],
  ['run_failed', 'A measurement run fails'],
  ['credits_low', 'Credits run low'],
  ['schedule_skipped', 'A scheduled run does not start'],
]);
export const METRICS: readonly string[] = Object.freeze(['score', 'visibility', 'relativeSov', 'position', 'sentiment', 'volume']);
const MOVES: Record<string, string> = { drop: 'drops', rise: 'rises', any: 'moves' };

/** What a rule watches: "Visibility on Perplexity drops beyond the noise (95% intervals apart)". */
export function ruleText(rule: RuleLike, fmt: Formatter): string {
  const where = rule.engine ? `on ${fmt.engine(rule.engine)}` : 'across all engines';
  switch (rule.kind) {
    case 'score': {
      const metric = !rule.metric || rule.metric === 'score' ? 'The GEO score' : fmt.metric(rule.metric);
      return `${metric} ${where} ${MOVES[rule.direction ?? 'drop'] ?? 'moves'} beyond the noise (95% intervals apart)`;
    }
    case 'competitor_overtakes':
      return `${rule.competitor ?? 'Any competitor'} overtakes the brand ${where} (mention-rate intervals apart)`;
    case 'run_failed':
      return 'A measurement run fails';
    case 'credits_low':
      return `Available credits fall below ${fmt.usd(rule.thresholdMicrousd ?? 0)}`;
    case 'schedule_skipped':
      return 'A scheduled run does not start when due';
    default:
      return String(rule.kind ?? '').replaceAll('_', ' ');
  }
}

/** The request body for a new rule from the form's fields: only those of its kind. */
export function ruleBody(form: RuleForm): Record<string, unknown> {
  const name = form.name?.trim() ? { name: form.name.trim() } : {};
  const engine = form.engine ? { engine: form.engine } : {};
  switch (form.kind) {
    case 'score': return { kind: 'score', ...name, metric: form.metric || 'score', direction: form.direction || 'drop', ...engine };
    case 'competitor_overtakes': return { kind: 'competitor_overtakes', ...name, ...engine, ...(form.competitor?.trim() ? { competitor: form.competitor.trim() } : {}) };
    case 'credits_low': return { kind: 'credits_low', ...name, thresholdMicrousd: Math.round(Number(form.dollars) * 1e6) };
    default: return { kind: form.kind, ...name };
  }
}
