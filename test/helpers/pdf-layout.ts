import { execFileSync } from 'node:child_process';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// A PDF read as a layout checker would: each page's text boxes (pdfjs), and the pairs that overlap.
// Shared by the report and portfolio tests; `havePoppler` tells whether pdftotext/pdftoppm exist
// (REQUIRE_POPPLER, set by .ci/run, makes their absence a failure instead of a skip).

export const havePoppler = Boolean(process.env.REQUIRE_POPPLER) || (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

export interface Box { str: string; x0: number; y0: number; x1: number; y1: number }
export async function pdfPages(bytes: Buffer) {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: Box[][] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const items = (await (await doc.getPage(i)).getTextContent()).items;
    pages.push(items.flatMap((t) => ('str' in t && t.str.trim() ? [{ str: t.str, x0: t.transform[4], y0: t.transform[5], x1: t.transform[4] + t.width, y1: t.transform[5] + t.height }] : [])));
  }
  return pages;
}
/** Pairs of text boxes that overlap by more than half a point each way (touching neighbours do not count). */
export function overlaps(boxes: Box[]) {
  const out: Array<[string, string]> = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!, b = boxes[j]!;
      const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0), h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
      if (w > 0.5 && h > 0.5) out.push([a.str, b.str]);
    }
  }
  return out;
}
