import type { Status } from '../recs/lifecycle.fns.ts';

// The demo workspace's fixed material (docs/demo.md): a fictional coffee-equipment brand, its
// competitors, its questions in English and Spanish, the days of its history, the AI crawlers'
// visits to its site and the states its recommendations are walked to. Pure: the service writes
// them through the modules that own each kind of row.

/** Days of daily history, the last of them today. */
export const HISTORY_DAYS = 90;
export const DEMO_ENGINES = ['chatgpt', 'perplexity', 'gemini', 'claude', 'google-aio'] as const;

export const DEMO_BRAND = {
  displayName: 'Brewline',
  domains: ['brewline.example'],
  languages: ['en', 'es'],
  regions: ['us', 'es'],
  competitors: [
    { name: 'Kettleworks', domains: ['kettleworks.example'], aliases: ['Kettle Works'], ambiguous: false },
    { name: 'Grindhaus', domains: ['grindhaus.example'], aliases: [], ambiguous: false },
    { name: 'Pourfect', domains: ['pourfect.example'], aliases: ['Pourfect Coffee'], ambiguous: false },
    { name: 'Moka Lab', domains: ['mokalab.example'], aliases: ['MokaLab'], ambiguous: false },
  ],
  gscProperty: 'sc-domain:brewline.example',
  ga4Property: '000000000',
  activeSetSize: 14,
  complianceProfile: 'none',
  quotas: { discovery: 0.3, problem_solution: 0.15, use_case: 0.15, comparison: 0.2, expert: 0.1, brand_research: 0.1 },
  about: 'Brewline makes pour-over kettles, burr grinders and drippers for home baristas. A fictional brand: this workspace is a demo with simulated history.',
  industry: 'Coffee equipment',
} as const;

/** The slug: the brand and a random tail (slugs are unique across the service; at most 20 characters). */
export function demoSlug(random: () => number = Math.random): string {
  const tail = Array.from({ length: 5 }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(random() * 36)]).join('');
  return `brewline-demo-${tail}`;
}

export const DEMO_PROMPTS: ReadonlyArray<{ language: 'en' | 'es'; intent: string; text: string }> = [
  { language: 'en', intent: 'discovery', text: 'What is the best gooseneck kettle for pour-over coffee?' },
  { language: 'en', intent: 'discovery', text: 'Which burr grinder should I buy for home espresso under $300?' },
  { language: 'en', intent: 'problem_solution', text: 'How do I stop my pour-over coffee from tasting bitter?' },
  { language: 'en', intent: 'use_case', text: 'Best coffee equipment for a small office kitchen' },
  { language: 'en', intent: 'comparison', text: 'Brewline vs Kettleworks: which electric kettle is better?' },
  { language: 'en', intent: 'comparison', text: 'Grindhaus or Brewline grinder for beginners?' },
  { language: 'en', intent: 'expert', text: 'What grind size and water temperature do baristas recommend for a V60?' },
  { language: 'en', intent: 'brand_research', text: 'Is Brewline a good coffee equipment brand?' },
  { language: 'es', intent: 'discovery', text: '¿Cuál es el mejor hervidor cuello de cisne para café de filtro?' },
  { language: 'es', intent: 'discovery', text: '¿Qué molinillo de café eléctrico recomiendan para casa?' },
  { language: 'es', intent: 'problem_solution', text: '¿Cómo evito que mi café de filtro salga amargo?' },
  { language: 'es', intent: 'comparison', text: 'Brewline o Pourfect: ¿qué cafetera de goteo es mejor?' },
  { language: 'es', intent: 'use_case', text: 'Equipo de café recomendado para una cafetería pequeña' },
  { language: 'es', intent: 'brand_research', text: 'Opiniones sobre los molinillos Brewline' },
];

const DAY_MS = 86_400_000;
/** The UTC days of the history, oldest first, the last of them `today`'s; each run finishes at 06:00 of its day, or `now` today if earlier. */
export function historyDays(now: Date, days = HISTORY_DAYS): Array<{ day: string; startedAt: Date; finishedAt: Date }> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => {
    const start = today - (days - 1 - i) * DAY_MS;
    const finished = Math.min(start + 6 * 3600_000, now.getTime());
    return { day: new Date(start).toISOString().slice(0, 10), startedAt: new Date(Math.max(start, finished - 90_000)), finishedAt: new Date(finished) };
  });
}

const CRAWLERS: ReadonlyArray<{ ip: string; agent: string; perDay: number }> = [
  // Addresses inside the crawlers' published ranges, so that the ingestion verifies them.
  { ip: '20.171.207.10', agent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)', perDay: 6 },
  { ip: '3.211.124.183', agent: 'Mozilla/5.0 (compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)', perDay: 3 },
  { ip: '160.79.104.10', agent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)', perDay: 2 },
  { ip: '66.249.66.87', agent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', perDay: 4 },
];
const PAGES = ['/', '/kettles/gooseneck', '/grinders/burr-grinder-pro', '/guides/pour-over', '/guides/grind-size', '/es/hervidores', '/es/guias/cafe-de-filtro', '/blog/bitter-coffee', '/old-catalogue'];
const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function clf(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} +0000`;
}

/**
 * An access log (combined format) of the last `days` days before `now`: AI crawlers' fetches of
 * the site (one page gone: 404 for the crawlers, the crawl lane's evidence), and visits referred
 * by AI answers. Deterministic in `now`.
 */
export function trafficLog(now: Date, days = 30): string {
  const lines: string[] = [];
  const end = now.getTime() - 3600_000;
  for (let d = days - 1; d >= 0; d--) {
    const dayStart = end - (d + 1) * DAY_MS;
    let n = 0;
    for (const c of CRAWLERS) {
      for (let i = 0; i < c.perDay; i++, n++) {
        const page = PAGES[(d * 7 + n * 3) % PAGES.length]!;
        const status = page === '/old-catalogue' ? 404 : 200;
        lines.push(`${c.ip} - - [${clf(dayStart + n * 600_000)}] "GET ${page} HTTP/1.1" ${status} ${2000 + n * 37} "-" "${c.agent}"`);
      }
    }
    const referrer = d % 2 === 0 ? 'https://chatgpt.com/' : 'https://www.perplexity.ai/search?q=best+gooseneck+kettle';
    lines.push(`203.0.113.${10 + (d % 50)} - - [${clf(dayStart + n * 600_000)}] "GET /kettles/gooseneck HTTP/1.1" 200 5120 "${referrer}" "${BROWSER}"`);
  }
  return `${lines.join('\n')}\n`;
}

/** The lifecycle actions that walk a new (proposed) item to each state, in order. */
export const WALKS: ReadonlyArray<{ to: Status; actions: ReadonlyArray<'accept' | 'submit' | 'verify' | 'decline'> }> = [
  { to: 'done', actions: ['accept', 'submit', 'verify'] },
  { to: 'in_review', actions: ['accept', 'submit'] },
  { to: 'todo', actions: ['accept'] },
  { to: 'archived', actions: ['decline'] },
  { to: 'proposed', actions: [] },
];

/** The walk for the i-th item of n: each state once while items last, the rest left proposed. */
export function walkFor(i: number): (typeof WALKS)[number] {
  return WALKS[Math.min(i, WALKS.length - 1)]!;
}

/** The status each action leads to from the one before (lifecycle.fns.ts TRANSITIONS, the walk's part). */
export const STATUS_BEFORE: Record<'accept' | 'submit' | 'verify' | 'decline', Status> = { accept: 'proposed', submit: 'todo', verify: 'in_review', decline: 'proposed' };
