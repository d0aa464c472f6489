import type { Formatter } from '../../lib/format/format.ts';
import type { Translator } from './messages.fns.ts';
import type { ReportData } from './reports.fns.ts';
import type { SummaryChange } from './summary.fns.ts';

// The executive summary in plain sentences, in the report's language (the `sentence.` messages).
// Only significant changes are stated as changes (the alerts' test); the rest is said to be
// steady, never dramatised.

export function summarySentences(r: ReportData, f: Formatter, t: Translator): string[] {
  const s = r.summary;
  if (!s.latest) return [t.msg('na.noMeasurement')];
  const value = (c: Pick<SummaryChange, 'unit'>, v: number) => (c.unit === '%' ? f.percent(v) : f.score(v));
  const lines = [t.msg('sentence.latest', {
    m: f.metric('score'), d: f.date(s.latest.day), v: f.score(s.latest.score, 'missing_component'),
    i: f.interval(s.latest.interval, 'too_few'), n: f.n(s.latest.n),
  })];
  if (s.latest.rank !== null) lines.push(t.msg('sentence.rank', { brand: r.brand.name, r: f.count(s.latest.rank), of: f.count(s.latest.of) }));
  for (const c of s.changes) {
    lines.push(t.msg(c.direction === 'rose' ? 'sentence.rose' : 'sentence.fell', { m: f.metric(c.metric), a: value(c, c.from.value), b: value(c, c.to.value), sig: f.significance(true), n: f.n(c.to.n) }));
  }
  if (s.steady.length && s.firstDay) lines.push(t.msg('sentence.steady', { a: f.date(s.firstDay), b: f.date(s.latest.day), list: s.steady.map((m) => f.metric(m)).join(', ') }));
  if (!s.firstDay || s.firstDay === s.latest.day) lines.push(t.msg('sentence.oneDay'));
  return lines;
}
