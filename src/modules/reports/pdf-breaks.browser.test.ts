import { afterAll, describe, expect, it } from 'vitest';
import { browserAvailable, CHROME_PATH } from '../../../test/helpers/browser.ts';
import { pdfPages, type Box } from '../../../test/helpers/pdf-layout.ts';
import type { Language } from '../../lib/format/format.ts';
import { createPdfRenderer } from './pdf.ts';
import { pdfChrome, toHtml } from './render.fns.ts';
import { fixtureReport } from './reports.fixtures.ts';
import type { ReportType } from './reports.fns.ts';

// No heading ends a page without what it heads (docs/reports.md, "Layout"): a heading, and the
// line under it that says which answers the section counts, travel to the next page with their
// table or chart. Every place a page can break is tried: a spacer of growing height after the
// cover pushes the sections down in 15 mm steps across a whole page, so each heading meets a
// page's foot in some copy; the copies are one document (each after a page break), one PDF.

const A4_HEIGHT = 842;
const MARGIN = { top: 57, bottom: 51 }; // the @page margins (20 mm, 18 mm) in points
const STEP_MM = 15;
const pdf = createPdfRenderer({ chromePath: CHROME_PATH });
afterAll(() => pdf.close());

const plain = (html: string) => html.replace(/<[^<>]*>/g, '').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/\s+/g, ' ').trim();
/** What may not end a page: the headings and the surface lines right under them. */
const leads = (html: string) => [...html.matchAll(/<h2>(.*?)<\/h2>|<p class="surface">(.*?)<\/p>/g)].map((m) => plain(m[1] ?? m[2] ?? '')).filter(Boolean);

/** The text of a page's lowest line of content (the header and footer in the margins left out). */
function lastLine(boxes: Box[]): string {
  const content = boxes.filter((b) => b.y0 > MARGIN.bottom && b.y1 < A4_HEIGHT - MARGIN.top);
  if (!content.length) return '';
  const lowest = Math.min(...content.map((b) => b.y0));
  return content.filter((b) => Math.abs(b.y0 - lowest) < 2).sort((a, b) => a.x0 - b.x0).map((b) => b.str).join(' ').replace(/\s+/g, ' ').trim();
}

describe.runIf(browserAvailable)('report PDF page breaks', () => {
  it.each([
    ['visibility_summary', 'es'], ['competitor_comparison', 'fr'], ['citation_sources', 'ca'], ['recommendations_progress', 'en'],
  ] as Array<[ReportType, Language]>)('%s in %s: no heading or its surface line ends a page', async (type, language) => {
    const report = fixtureReport(type, language);
    const html = toHtml(report);
    const heads = leads(html);
    expect(heads.length, 'the report has headings').toBeGreaterThan(2);
    const [head, body] = html.split('<body>') as [string, string];
    const cover = body.indexOf('</section>') + '</section>'.length;
    const copies = Array.from({ length: Math.floor(270 / STEP_MM) + 1 }, (_x, k) =>
      `<div style="break-before: page">${body.slice(0, cover)}<div style="height:${k * STEP_MM}mm"></div>${body.slice(cover).replace('</body></html>', '')}</div>`);
    const pages = await pdfPages(await pdf.render(`${head}<body>${copies.join('')}</body></html>`, pdfChrome(report)));
    expect(pages.length).toBeGreaterThan(copies.length * 2);
    const orphans = pages.flatMap((boxes, i) => {
      const last = lastLine(boxes);
      return last.length > 3 && heads.some((h) => h.includes(last)) ? [`page ${i + 1} ends with "${last}"`] : [];
    });
    expect(orphans).toEqual([]);
  }, 60_000);
});
