import type { Browser } from 'playwright-core';
import { CHROMIUM_FLAGS, chromiumCommand } from '../../lib/chromium.ts';

// PDF from the report's HTML through Chromium (Debian's, `CHROME_PATH`). One browser per process,
// launched on first use; every PDF gets a fresh context, and the page may load nothing at all.

/** Chromium's page header and footer (repeated on every page, inside the @page margins). */
export interface PdfChrome { headerTemplate: string; footerTemplate: string }
export interface PdfRenderer { render(html: string, chrome?: PdfChrome): Promise<Buffer>; close(): Promise<void> }

export function createPdfRenderer(opts: { chromePath: string }): PdfRenderer {
  let browser: Promise<Browser> | null = null;
  // playwright-core is loaded on the first PDF, not at start: most processes never render one.
  // Sandboxed, as every Chromium of the service (src/lib/chromium.ts).
  const launch = () => (browser ??= Promise.all([import('playwright-core'), chromiumCommand(opts.chromePath)]).then(([{ chromium }, command]) => chromium.launch({
    executablePath: command.executablePath, args: [...CHROMIUM_FLAGS], chromiumSandbox: true,
  })).catch((err) => {
    browser = null;
    throw err;
  }));
  return {
    async render(html, chrome) {
      const context = await (await launch()).newContext({ javaScriptEnabled: false, offline: true });
      try {
        const page = await context.newPage();
        await page.route('**/*', (route) => route.abort());
        await page.setContent(html, { waitUntil: 'load' });
        return await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true, ...(chrome ? { displayHeaderFooter: true, ...chrome } : {}) });
      } finally {
        await context.close();
      }
    },
    async close() {
      if (browser) await (await browser.catch(() => null))?.close();
      browser = null;
    },
  };
}
