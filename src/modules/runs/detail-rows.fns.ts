import { toneOfScore, type Tone } from '../../lib/format/tone.ts';

// Run detail's rows, a page at a time (docs/runs.md, "Run detail"): a run has prompts × engines ×
// samples rows, thousands for a large workspace, so a client asks for one page of the rows its
// filters keep instead of every row with its answer.

export const DETAIL_PAGE_MAX = 100;

export interface DetailRowFilter {
  engine?: string;
  /** Only rows whose answer names the brand. */
  mentioned?: boolean;
  /** The tone toward the brand (only rows that name it). */
  tone?: Tone;
  /** Only rows citing this domain. */
  site?: string;
  /** Words in the prompt, a named entity or a cited domain (case-insensitive). */
  q?: string;
}

export interface DetailRow {
  engine: string; text: string; brandMentioned: boolean; brandSentiment: number | null;
  mentioned: string[]; citations: Array<{ domain: string }>;
}

/** The rows the filter keeps, in their order. */
export function filterDetailRows<R extends DetailRow>(rows: R[], f: DetailRowFilter): R[] {
  const q = f.q?.trim().toLowerCase() ?? '';
  return rows.filter((r) => (!f.engine || r.engine === f.engine) && (!f.mentioned || r.brandMentioned)
    && (!f.tone || (r.brandMentioned && toneOfScore(r.brandSentiment) === f.tone))
    && (!f.site || r.citations.some((c) => c.domain === f.site))
    && (!q || r.text.toLowerCase().includes(q) || r.mentioned.some((m) => m.toLowerCase().includes(q)) || r.citations.some((c) => c.domain.includes(q))));
}

/** Every domain the run's rows cite, sorted: the choices of the site filter. */
export const sitesOf = (rows: DetailRow[]) => [...new Set(rows.flatMap((r) => r.citations.map((c) => c.domain)))].sort();
