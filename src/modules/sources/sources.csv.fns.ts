import { type CsvCell as Cell, writeCsv } from '../../lib/csv.ts';
import type { Rate } from './views.fns.ts';

// The views as CSV: one row per table row, rates as value, k, n and the interval bounds, the
// surface, the simulated label and the methodology stamp's grade (of the view's whole window, so
// repeated) on every row, so that a spreadsheet cannot lose them.

const rateCells = (r: Rate): Cell[] => [r.value, r.k, r.n, r.interval[0], r.interval[1]];
const rateHead = (name: string) => [`${name}_pct`, `${name}_k`, `${name}_n`, `${name}_low`, `${name}_high`];

export type CsvView =
  | { view: 'fanout'; rows: Array<{ promptId: string; prompt: string | null; engine: string; surface: string; simulated: boolean; answers: number; answersReportingQueries: number; queries: Array<{ query: string; answers: number; recurrence: Rate; meanPosition: number }> }> }
  | { view: 'domains' | 'urls'; rows: Array<{ surface: string; url?: string; title?: string | null; domain: string; class: string; competitor: string | null; retrieved: number; cited: number; citationRateGivenRetrieval: Rate; status?: string; simulated: boolean }> }
  | { view: 'owned'; rows: Array<{ promptId: string; prompt: string | null; engine: string; surface: string; simulated: boolean; answers: number; ownedRetrieved: Rate; ownedCited: Rate; retrievedNotCited: number; status: string; ownedUrls: string[] }> }
  | { view: 'gaps'; rows: Array<{ query: string; engine: string; surface: string; answers: number; searchedIn: number; attribution: string; simulated: boolean; promptIds: string[]; competitors: Array<{ name: string; urls: string[] }> }> };

export function viewCsv(v: CsvView, grade: string): string {
  const lines = (head: string[], rows: Cell[][]) => writeCsv([...head, 'grade'], rows.map((r) => [...r, grade]));
  switch (v.view) {
    case 'fanout':
      return lines(['prompt_id', 'prompt', 'engine', 'surface', 'query', 'answers_with_query', ...rateHead('recurrence'), 'mean_position', 'answers', 'simulated'],
        v.rows.flatMap((r) => r.queries.map((q) => [r.promptId, r.prompt, r.engine, r.surface, q.query, q.answers, ...rateCells(q.recurrence), q.meanPosition, r.answers, r.simulated])));
    case 'domains':
    case 'urls':
      return lines(['surface', ...(v.view === 'urls' ? ['url', 'title'] : []), 'domain', 'class', 'competitor', 'retrieved', 'cited', ...rateHead('citation_rate_given_retrieval'), ...(v.view === 'urls' ? ['owned_status'] : []), 'simulated'],
        v.rows.map((r) => [r.surface, ...(v.view === 'urls' ? [r.url, r.title] : []), r.domain, r.class, r.competitor, r.retrieved, r.cited, ...rateCells(r.citationRateGivenRetrieval), ...(v.view === 'urls' ? [r.status ?? ''] : []), r.simulated]));
    case 'owned':
      return lines(['prompt_id', 'prompt', 'engine', 'surface', 'status', 'answers', ...rateHead('owned_retrieved'), ...rateHead('owned_cited'), 'retrieved_not_cited', 'owned_urls', 'simulated'],
        v.rows.map((r) => [r.promptId, r.prompt, r.engine, r.surface, r.status, r.answers, ...rateCells(r.ownedRetrieved), ...rateCells(r.ownedCited), r.retrievedNotCited, r.ownedUrls.join(' '), r.simulated]));
    case 'gaps':
      return lines(['query', 'engine', 'surface', 'answers', 'searched_in', 'attribution', 'competitors', 'competitor_urls', 'prompt_ids', 'simulated'],
        v.rows.map((r) => [r.query, r.engine, r.surface, r.answers, r.searchedIn, r.attribution, r.competitors.map((c) => c.name).join('; '), r.competitors.flatMap((c) => c.urls).join(' '), r.promptIds.join(' '), r.simulated]));
  }
}
