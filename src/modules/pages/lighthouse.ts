import { existsSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_FLAGS, chromiumCommand } from '../../lib/chromium.ts';
import pLimit from 'p-limit';

// Lighthouse 12 through its Node API, driving Debian's Chromium with the DESIGN flags. Chromium
// reaches the network only through our safe proxy (loopback included: `<-loopback>` takes it off
// the built-in bypass list); QUIC is off (it would skip the proxy) and WebRTC may not send UDP
// outside the proxy. One Chrome at a time per process: an audit is CPU-bound and two at once
// skew each other's timings.

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export interface AuditScores {
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
}
export interface AuditMetrics {
  lcp: number | null;
  cls: number | null;
  tbt: number | null;
  fcp: number | null;
}
export interface AuditResult {
  scores: AuditScores;
  metrics: AuditMetrics;
  finalUrl: string;
  /** Lighthouse's own runtime error or warnings, when it could not measure everything. */
  problems: string[];
  lighthouseVersion: string;
}

export class ChromeMissingError extends Error {
  constructor(chromePath: string) {
    super(`Chromium is not installed at ${chromePath}: install it (Debian/Ubuntu: \`apt-get install chromium\`) or set CHROME_PATH to a Chrome or Chromium binary, then start the evaluation again`);
    this.name = 'ChromeMissingError';
  }
}

/** The shared flags (src/lib/chromium.ts: sandboxed, no --no-sandbox) and the audit's own. */
export const CHROME_FLAGS = [
  ...CHROMIUM_FLAGS,
  '--disable-quic', '--force-webrtc-ip-handling-policy=disable_non_proxied_udp', '--disable-dev-shm-usage',
];

const oneChrome = pLimit(1);

/** Chromium for an audit: sandboxed through the wrapper that drops root, the audit flags plus `extraFlags`. */
export async function launchAuditChrome(chromePath: string, extraFlags: string[] = []) {
  const { executablePath } = await chromiumCommand(chromePath);
  return chromeLauncher.launch({ chromePath: executablePath, chromeFlags: [...CHROME_FLAGS, ...extraFlags], logLevel: 'silent' });
}

export interface AuditOptions {
  chromePath: string;
  /** The safe proxy (`http://127.0.0.1:PORT`); null only for the benchmark's bare baseline. */
  proxyUrl: string | null;
  loadTimeoutMs: number;
  totalTimeoutMs: number;
  signal?: AbortSignal;
  /** Sent with every request of the audit; only the dashboard's own test uses it (a session cookie for its signed-in pages). */
  extraHeaders?: Record<string, string>;
}

const score = (value: number | null | undefined) => (typeof value === 'number' ? Math.round(value * 100) : null);
const numeric = (value: number | undefined) => (typeof value === 'number' && Number.isFinite(value) ? Math.round(value * 1000) / 1000 : null);

export function audit(url: string, options: AuditOptions): Promise<AuditResult> {
  if (!existsSync(options.chromePath)) return Promise.reject(new ChromeMissingError(options.chromePath));
  return oneChrome(async () => {
    options.signal?.throwIfAborted();
    const proxyFlags = options.proxyUrl ? [`--proxy-server=${options.proxyUrl}`, '--proxy-bypass-list=<-loopback>'] : [];
    const chrome = await launchAuditChrome(options.chromePath, proxyFlags);
    let timer: NodeJS.Timeout | undefined;
    const stop = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the audit took longer than ${options.totalTimeoutMs / 1000} s`)), options.totalTimeoutMs);
      options.signal?.addEventListener('abort', () => reject(options.signal!.reason ?? new Error('cancelled')), { once: true });
    });
    try {
      // Loaded on first use: importing Lighthouse takes seconds, which no API start should pay.
      const { default: lighthouse } = await import('lighthouse');
      const run = lighthouse(url, {
        port: chrome.port, output: 'json', logLevel: 'silent', onlyCategories: [...CATEGORIES],
        maxWaitForLoad: options.loadTimeoutMs, maxWaitForFcp: Math.min(options.loadTimeoutMs, 15_000),
        ...(options.extraHeaders ? { extraHeaders: options.extraHeaders } : {}),
      });
      run.catch(() => {}); // settled by the race below; never an unhandled rejection after a timeout
      const result = await Promise.race([run, stop]);
      if (!result) throw new Error('Lighthouse returned no result');
      const { lhr } = result;
      const problems = [...(lhr.runtimeError ? [`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`] : []), ...lhr.runWarnings];
      const audits = lhr.audits;
      return {
        scores: {
          performance: score(lhr.categories.performance?.score), accessibility: score(lhr.categories.accessibility?.score),
          bestPractices: score(lhr.categories['best-practices']?.score), seo: score(lhr.categories.seo?.score),
        },
        metrics: {
          lcp: numeric(audits['largest-contentful-paint']?.numericValue), cls: numeric(audits['cumulative-layout-shift']?.numericValue),
          tbt: numeric(audits['total-blocking-time']?.numericValue), fcp: numeric(audits['first-contentful-paint']?.numericValue),
        },
        finalUrl: lhr.finalDisplayedUrl ?? url,
        problems,
        lighthouseVersion: lhr.lighthouseVersion,
      };
    } finally {
      clearTimeout(timer);
      chrome.kill();
    }
  });
}
