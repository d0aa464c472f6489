import type { Formatter, Language } from '../../lib/format/format.js';
import type { ReportData } from './reports.fns.ts';
import type { SummaryChange } from './summary.fns.ts';

// The executive summary in plain sentences, in the report's language. Only significant changes
// are stated as changes (the alerts' test); the rest is said to be steady, never dramatised.

const T: Record<Language, {
  rose: string; fell: string; latest: string; rank: string; steady: string; oneDay: string; none: string;
}> = {
  en: {
    rose: '{m} rose from {a} to {b} ({sig}, {n}).', fell: '{m} fell from {a} to {b} ({sig}, {n}).',
    latest: '{m} on {d}: {v} (95% interval {i}, {n}).', rank: '{brand} ranks {r} of {of} tracked brands.',
    steady: 'No significant change between {a} and {b} in: {list}.', oneDay: 'One day measured in this period: no change can be stated yet.',
    none: 'No measurement succeeded in this period.',
  },
  es: {
    rose: '{m} subió de {a} a {b} ({sig}, {n}).', fell: '{m} bajó de {a} a {b} ({sig}, {n}).',
    latest: '{m} el {d}: {v} (intervalo del 95 % {i}, {n}).', rank: '{brand} ocupa el puesto {r} de {of} marcas seguidas.',
    steady: 'Sin cambio significativo entre {a} y {b} en: {list}.', oneDay: 'Un solo día medido en este periodo: aún no se puede afirmar ningún cambio.',
    none: 'Ninguna medición terminó en este periodo.',
  },
  ca: {
    rose: '{m} va pujar de {a} a {b} ({sig}, {n}).', fell: '{m} va baixar de {a} a {b} ({sig}, {n}).',
    latest: '{m} el {d}: {v} (interval del 95 % {i}, {n}).', rank: '{brand} ocupa la posició {r} de {of} marques seguides.',
    steady: 'Cap canvi significatiu entre {a} i {b} en: {list}.', oneDay: 'Un sol dia mesurat en aquest període: encara no es pot afirmar cap canvi.',
    none: 'Cap mesura no va acabar en aquest període.',
  },
  fr: {
    rose: '{m} est passé(e) de {a} à {b}, en hausse ({sig}, {n}).', fell: '{m} est passé(e) de {a} à {b}, en baisse ({sig}, {n}).',
    latest: '{m} le {d} : {v} (intervalle à 95 % {i}, {n}).', rank: '{brand} se classe {r} sur {of} marques suivies.',
    steady: 'Aucun changement significatif entre le {a} et le {b} pour : {list}.', oneDay: 'Un seul jour mesuré sur cette période : aucun changement ne peut encore être affirmé.',
    none: 'Aucune mesure réussie sur cette période.',
  },
};

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_m, k: string) => values[k] ?? '');

export function summarySentences(r: ReportData, f: Formatter): string[] {
  const t = T[r.language] ?? T.en;
  const s = r.summary;
  if (!s.latest) return [t.none];
  const value = (c: Pick<SummaryChange, 'unit'>, v: number) => (c.unit === '%' ? f.percent(v) : f.score(v));
  const lines = [fill(t.latest, {
    m: f.metric('score'), d: f.date(s.latest.day), v: f.score(s.latest.score, 'missing_component'),
    i: f.interval(s.latest.interval, 'too_few'), n: f.n(s.latest.n),
  })];
  if (s.latest.rank !== null) lines.push(fill(t.rank, { brand: r.brand.name, r: f.count(s.latest.rank), of: f.count(s.latest.of) }));
  for (const c of s.changes) {
    lines.push(fill(c.direction === 'rose' ? t.rose : t.fell, { m: f.metric(c.metric), a: value(c, c.from.value), b: value(c, c.to.value), sig: f.significance(true), n: f.n(c.to.n) }));
  }
  if (s.steady.length && s.firstDay) lines.push(fill(t.steady, { a: f.date(s.firstDay), b: f.date(s.latest.day), list: s.steady.map((m) => f.metric(m)).join(', ') }));
  if (!s.firstDay || s.firstDay === s.latest.day) lines.push(t.oneDay);
  return lines;
}
