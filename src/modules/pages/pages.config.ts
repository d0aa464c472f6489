/** Page evaluation's and the SEO refresh's slice of the configuration (config.ts reads it from the environment). */
export interface SeoConfig {
  /** Chrome or Chromium for Lighthouse and report PDFs (CHROME_PATH, default /usr/bin/chromium; without it PDFs answer 503). */
  chromePath: string;
  /** Sitemap pages evaluated by an SEO refresh besides the home page (GEO_SEO_SAMPLE_PAGES, 0-20). */
  samplePages: number;
  /** Price of one page evaluated by an SEO refresh, and of one Google API call (micro-USD). */
  pagePriceMicrousd: number;
  googleCallPriceMicrousd: number;
  /** One root URL for Google's APIs (Search Console, GA4 Data) instead of their own hosts; tests point it at a local server. */
  googleApiRootUrl: string | null;
  /** A page's load (GEO_PAGE_LOAD_TIMEOUT_MS) and a whole Lighthouse audit (GEO_AUDIT_TIMEOUT_MS). */
  loadTimeoutMs: number;
  auditTimeoutMs: number;
}
