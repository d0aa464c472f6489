import { describe, expect, it } from 'vitest';
import type { Language } from '../../lib/format/format.ts';
import type { EffectInput, RecsInput } from './reports.fns.ts';
import { fixtureReport, RECS } from './reports.fixtures.ts';
import { toHtml } from './render.fns.ts';

// The recommendations as a report prints them (the progress report and the client report's done
// items), in each language: every metric an item can move and every verdict, said in words. No
// code identifier (a metric key, a status or verdict code) reaches a sentence a person reads.
// docs/recommendations.md, "How texts are written".

const IDENTIFIER = /\b[a-z0-9]+_[a-z0-9_]+\b/;
const METRICS = ['mention_rate', 'citation_share', 'thread_mention_rate', 'negative_rate', 'check_pass_rate', 'bot_access_rate', 'ctr', 'crawl_success_rate', 'some_future_rate'];
const VERDICTS = ['improved', 'worse', 'no_detectable_change', 'pending'];
const measure = (value: number) => ({ value, n: 60, interval: [value - 5, value + 5] as [number, number] });
const side = (n: number) => ({ n });

/** One done item per metric and verdict, half compared with the holdout, half before and after. */
const effects: RecsInput['effects'] = METRICS.flatMap((name, i) => VERDICTS.map((verdict, j) => {
  const holdout = (i + j) % 2 === 0;
  const effect: EffectInput = {
    metric: { name }, before: measure(20), after: verdict === 'pending' ? null : measure(40), verdict, explanation: 'The 95% intervals do not overlap',
    comparison: holdout ? 'holdout' : 'before_after', estimate: holdout ? { points: 12.5, interval: [2, 23] } : null,
    sides: holdout ? { target: { before: side(100), after: side(100) }, holdout: { before: side(100), after: side(100) } } : null, moreDays: verdict === 'pending' ? 3 : null,
  };
  return { title: `Item ${i}-${j}`, effect };
}));
const recs: RecsInput = { ...RECS, statusCounts: { proposed: 3, todo: 1, in_review: 1, done: effects.length, archived: 1 }, effects };

/** What a reader sees of the HTML: its text, without styles, scripts and markup. */
const readable = (html: string) => html.replace(/<(style|script)[\s\S]*?<\/\1>/g, ' ').split(/<[^<>]+>/).join(' ').replace(/\s+/g, ' ');

describe('recommendations in a report, said in words', () => {
  it.each((['en', 'es', 'ca', 'fr'] as Language[]).flatMap((language) => (['recommendations_progress', 'visibility_summary'] as const).map((type) => [language, type] as const)))(
    '%s %s: no code identifier in any sentence', (language, type) => {
      const text = readable(toHtml(fixtureReport(type, language, { recs })));
      expect(text).toContain('Item 0-0');
      expect(text.match(IDENTIFIER)?.[0] ?? null).toBeNull();
    },
  );

  it.each([
    ['en', 'Answers naming the brand', 'A real improvement'],
    ['es', 'Respuestas que nombran la marca', 'Una mejora real'],
    ['ca', 'Respostes que anomenen la marca', 'Una millora real'],
    ['fr', 'Réponses qui nomment la marque', 'Une amélioration réelle'],
  ] as Array<[Language, string, string]>)('%s: the metric and the verdict’s reason in the reader’s words', (language, metric, why) => {
    const text = readable(toHtml(fixtureReport('recommendations_progress', language, { recs })));
    expect(text).toContain(metric);
    expect(text).toContain(why);
  });
});
