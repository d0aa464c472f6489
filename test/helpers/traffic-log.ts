import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createGzip } from 'node:zlib';

// A generated access log (combined format) of known composition, for the 1M-line test and the
// ingestion benchmark. Every line is distinct (its own second and query string; 2,000 distinct paths), so every kept line is
// stored once. Per 100 lines: 8 verified AI crawler hits (GPTBot, PerplexityBot, Googlebot,
// bingbot from their published ranges), 3 spoofed ones (their user agents from other networks),
// 2 ClaudeBot hits (no published ranges: claimed), 2 visits referred by chatgpt.com/perplexity.ai
// (one from IPv6), 1 unparsable line, 84 ordinary requests.

const UA = {
  gptbot: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
  perplexity: 'Mozilla/5.0 (compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
  google: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  bing: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  claude: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
  browser: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
};
const VERIFIED: Array<[string, string]> = [['20.171.207.10', UA.gptbot], ['3.211.124.183', UA.perplexity], ['66.249.66.87', UA.google], ['157.55.39.20', UA.bing]];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export interface LogComposition { lines: number; verified: number; claimed: number; referrals: number; unparsed: number; other: number }

function stamp(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} +0000`;
}

/** Line `i` of the log, and what it is. */
export function logLine(i: number, startMs: number): [string, keyof Omit<LogComposition, 'lines'>] {
  const slot = i % 100;
  const t = stamp(startMs + i * 1000);
  const path = `/docs/${i % 2000}/page`;
  const combined = (ip: string, ua: string, status = 200, ref = '-') => `${ip} - - [${t}] "GET ${path}?utm=${i} HTTP/1.1" ${status} ${1000 + (i % 5000)} "${ref}" "${ua}"`;
  if (slot < 8) {
    const [ip, ua] = VERIFIED[slot % 4]!;
    return [combined(ip, ua, slot === 7 ? 404 : 200), 'verified'];
  }
  if (slot < 11) return [combined(`198.51.100.${slot}`, VERIFIED[slot % 4]![1]), 'claimed'];
  if (slot < 13) return [combined('160.79.104.10', UA.claude, slot === 12 ? 503 : 200), 'claimed'];
  if (slot === 13) return [combined('203.0.113.50', UA.browser, 200, 'https://chatgpt.com/'), 'referrals'];
  if (slot === 14) return [combined('2001:db8::50', UA.browser, 200, 'https://www.perplexity.ai/search?q=x'), 'referrals'];
  if (slot === 15) return [`this line is not a log line ${i}`, 'unparsed'];
  return [combined(`192.0.2.${slot}`, UA.browser), 'other'];
}

// What a line is depends only on its slot (i % 100): read once from logLine itself per slot,
// rather than rebuilding every line again (2.6 s of the 1M-line test's time).
const KIND_OF_SLOT = Array.from({ length: 100 }, (_, slot) => logLine(slot, 0)[1]);

export function expectedCounts(lines: number, _startMs = 0): LogComposition {
  const counts: LogComposition = { lines, verified: 0, claimed: 0, referrals: 0, unparsed: 0, other: 0 };
  for (let i = 0; i < lines; i++) counts[KIND_OF_SLOT[i % 100]!]++;
  return counts;
}

/** Writes `lines` lines to `file`, gzip-compressed when `gzip`; answers the composition. */
export async function writeLog(file: string, lines: number, startMs: number, gzip = true): Promise<LogComposition> {
  const out = createWriteStream(file);
  const sink = gzip ? createGzip({ level: 1 }) : null;
  if (sink) sink.pipe(out);
  const target = sink ?? out;
  let buffer: string[] = [];
  for (let i = 0; i < lines; i++) {
    buffer.push(logLine(i, startMs)[0]);
    if (buffer.length === 5000 || i === lines - 1) {
      if (!target.write(`${buffer.join('\n')}\n`)) await once(target, 'drain');
      buffer = [];
    }
  }
  target.end();
  await once(out, 'finish');
  return expectedCounts(lines, startMs);
}

/** A few pages of a site, the first the most fetched (weights 3, 2, 1, 1, 1, 1 out of 9). */
export const SITE_PATHS = ['/pricing', '/blog/ai-search-guide', '/', '/docs/setup', '/blog/launch', '/about'];
const WEIGHTED = [0, 0, 0, 1, 1, 2, 3, 4, 5];

/**
 * A small log over `days` days ending on the day of `lastDayMs` (from 09:00 UTC each day), for
 * page and report tests: the generator's lines on a handful of pages (SITE_PATHS, skewed) so that
 * "most fetched" means something; `perDay` lines on the first day, more on later days so the
 * series move. Some days an agent's or a referrer's lines are left out, so that no two series
 * are the same line. Every line is distinct (its own second).
 */
export function multiDayLog(days: number, perDay: number, lastDayMs: number, paths = SITE_PATHS): string {
  const lastDay = Math.floor(lastDayMs / 86_400_000) * 86_400_000;
  const lines: string[] = [];
  for (let d = 0; d < days; d++) {
    const start = lastDay - (days - 1 - d) * 86_400_000 + 9 * 3_600_000;
    const count = perDay + Math.round((perDay * d) / Math.max(1, days - 1));
    for (let i = 0; i < count; i++) {
      const slot = i % 100;
      // The second verified hit of agent slot % 4 on days where (d + agent) % 3 is 0; Perplexity's referral every third day.
      if ((slot >= 4 && slot < 8 && (d + (slot % 4)) % 3 === 0) || (slot === 14 && d % 3 === 1)) continue;
      lines.push(logLine(i, start)[0].replace(/\/docs\/\d+\/page/, paths[WEIGHTED[(i + d) % WEIGHTED.length]! % paths.length]!));
    }
  }
  return `${lines.join('\n')}\n`;
}
