// Alert rules in words for the settings page (docs/monitoring.md "Alerts"): what each kind
// watches, as a member reads it in the list. Pure, so that a table test checks it; `fmt` is the
// shared formatter (engines and metrics by name, money), whose language the words follow.
import type { Formatter } from '../../../lib/format/format.ts';
import { render, type MessageKey } from '../../../lib/messages/index.ts';

export interface RuleLike { kind: string; name?: string | null; metric?: string | null; direction?: string | null; engine?: string | null; competitor?: string | null; thresholdMicrousd?: number | null }
export interface RuleForm { kind: string; name?: string; metric?: string; direction?: string; engine?: string; competitor?: string; dollars?: string }

/** Each kind with the catalogue key of its choice in the form ("When"). */
export const RULE_KINDS: ReadonlyArray<readonly [string, MessageKey]> = Object.freeze([
  ['score', 'dashboard.alerts.kind.score'],
  ['competitor_overtakes', 'dashboard.alerts.kind.competitor_overtakes'],
  ['run_failed', 'dashboard.alerts.kind.run_failed'],
  ['credits_low', 'dashboard.alerts.kind.credits_low'],
  ['schedule_skipped', 'dashboard.alerts.kind.schedule_skipped'],
]);
export const METRICS: readonly string[] = Object.freeze(['score', 'visibility', 'relativeSov', 'position', 'sentiment', 'volume']);

/** What a rule watches: "Visibility on Perplexity drops beyond the noise (95% intervals apart)". */
export function ruleText(rule: RuleLike, fmt: Formatter): string {
  const where = { scope: rule.engine ? 'one' : 'all', engine: rule.engine ? fmt.engine(rule.engine) : '' };
  switch (rule.kind) {
    case 'score': {
      const score = !rule.metric || rule.metric === 'score';
      return render(fmt, 'dashboard.alerts.rule.score', { ...where, score: score ? 'yes' : 'no', metric: score ? '' : fmt.metric(rule.metric ?? ''), direction: rule.direction ?? 'drop' });
    }
    case 'competitor_overtakes':
      return render(fmt, 'dashboard.alerts.rule.competitor_overtakes', { ...where, any: rule.competitor ? 'no' : 'yes', competitor: rule.competitor ?? '' });
    case 'run_failed':
      return render(fmt, 'dashboard.alerts.rule.run_failed');
    case 'credits_low':
      return render(fmt, 'dashboard.alerts.rule.credits_low', { amount: fmt.usd(rule.thresholdMicrousd ?? 0) });
    case 'schedule_skipped':
      return render(fmt, 'dashboard.alerts.rule.schedule_skipped');
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
