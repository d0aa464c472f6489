// Page evaluation benchmark (issue: SEO, safe fetching, page evaluation).
//   npx tsx bench/pages.bench.ts            (BENCH_ROUNDS=5 for more rounds; needs Chromium at CHROME_PATH)
// On one loopback page with a stylesheet, a script, images and robots/sitemap/llms files:
// 1. overhead: our whole evaluation (safe fetch of the page and its three files, the nine checks,
//    Lighthouse behind the checking proxy) over a bare Lighthouse run (chrome-launcher, same
//    flags, no proxy) of the same page, alternated in the same run. Target ≤ 1.15×.
// 2. the HTML, robots, sitemap and llms.txt checks of one page (CPU, already fetched). Target < 50 ms.
// 3. audits per minute for one worker (one Chrome at a time), from the evaluation's median.
import { performance } from 'node:perf_hooks';
import { audit } from '../src/modules/pages/lighthouse.ts';
import { evaluatePage, staticChecks } from '../src/modules/pages/evaluate.ts';
import { goodPage, LLMS, ROBOTS, SITEMAP, startFixtureSite, text } from '../test/helpers/fixture-site.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const sections = Array.from({ length: 60 }, (_, i) => `<section><h2>Feature ${i}</h2><p>${'Dashboards that answer questions about your data. '.repeat(8)}</p>
<ul>${Array.from({ length: 5 }, (_, j) => `<li><a href="/f/${i}/${j}">Detail ${j}</a></li>`).join('')}</ul></section>`).join('\n');
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const sitemapPaths = Array.from({ length: 500 }, (_, i) => `/page-${i}`);

const site = await startFixtureSite({
  '/': (_req, res, { origin }) => text(res, goodPage(origin, `<link rel="stylesheet" href="/style.css"><img src="/logo.png" alt="logo" width="64" height="64">${sections}<script src="/app.js"></script>`), 'text/html; charset=utf-8'),
  '/style.css': (_req, res) => text(res, 'body{font-family:sans-serif;margin:0 auto;max-width:60rem}section{padding:1rem}', 'text/css'),
  '/app.js': (_req, res) => text(res, 'document.querySelectorAll("section").forEach((s, i) => { s.dataset.i = i; });', 'application/javascript'),
  '/logo.png': (_req, res) => void res.writeHead(200, { 'content-type': 'image/png' }).end(PIXEL),
  '/robots.txt': (_req, res, { origin }) => text(res, ROBOTS(origin)),
  '/sitemap.xml': (_req, res, { origin }) => text(res, SITEMAP(origin, sitemapPaths), 'application/xml'),
  '/llms.txt': (_req, res) => text(res, LLMS),
});
const url = `${site.origin}/`;
const timeouts = { loadTimeoutMs: 30_000, totalTimeoutMs: 120_000 };

async function timed<T>(fn: () => Promise<T>) {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}

// Warm-up (first Chrome start, Lighthouse's lazy imports).
await audit(url, { chromePath, proxyUrl: null, ...timeouts });

const bare: number[] = [];
const full: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  // Alternated so that machine noise falls on both sides alike.
  bare.push((await timed(() => audit(url, { chromePath, proxyUrl: null, ...timeouts }))).ms);
  const run = await timed(() => evaluatePage(url, { fetcher: site.fetcher, chromePath, ...timeouts }));
  if (run.value.status !== 'complete') throw new Error(`evaluation ${run.value.status}: ${run.value.details.problems.join('; ')}`);
  full.push(run.ms);
}

// The checks alone, on what the evaluation fetched.
const get = async (path: string) => {
  const res = await site.fetcher.fetch(`${site.origin}${path}`);
  return { status: res.status, contentType: res.headers['content-type'] ?? '', text: res.body.toString() };
};
const [page, robots, sitemap, llms] = await Promise.all([get('/'), get('/robots.txt'), get('/sitemap.xml'), get('/llms.txt')]);
const ITER = 200;
for (let i = 0; i < 20; i++) staticChecks(url, page.text, robots, sitemap, llms, `${site.origin}/sitemap.xml`);
const checksStart = performance.now();
for (let i = 0; i < ITER; i++) staticChecks(url, page.text, robots, sitemap, llms, `${site.origin}/sitemap.xml`);
const checksMs = (performance.now() - checksStart) / ITER;
const fetchAndCheck = await timed(async () => {
  const files = await Promise.all([get('/'), get('/robots.txt'), get('/sitemap.xml'), get('/llms.txt')]);
  return staticChecks(url, files[0].text, files[1], files[2], files[3], `${site.origin}/sitemap.xml`);
});

const ratio = median(full) / median(bare);
console.log(`page: ${(page.text.length / 1024).toFixed(0)} KiB HTML, sitemap of ${sitemapPaths.length} URLs; ${ROUNDS} rounds`);
console.log(`bare Lighthouse      median ${median(bare).toFixed(0)} ms  (${bare.map((x) => x.toFixed(0)).join(', ')})`);
console.log(`our evaluation       median ${median(full).toFixed(0)} ms  (${full.map((x) => x.toFixed(0)).join(', ')})`);
console.log(`overhead ratio       ${ratio.toFixed(3)}  (target ≤ 1.15)  ${ratio <= 1.15 ? 'OK' : 'OVER'}`);
console.log(`checks of one page   ${checksMs.toFixed(2)} ms CPU (mean of ${ITER}); with the four loopback fetches ${fetchAndCheck.ms.toFixed(1)} ms  (target < 50 ms)  ${checksMs < 50 ? 'OK' : 'OVER'}`);
console.log(`audits per minute    ${(60_000 / median(full)).toFixed(1)} for one worker (bare Lighthouse: ${(60_000 / median(bare)).toFixed(1)})`);
await site.close();
