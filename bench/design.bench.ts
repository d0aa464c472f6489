// Design extraction benchmark.
//   npx tsx bench/design.bench.ts
// A 500 KB page (with inline styles and JSON-LD) and 300 KB of linked CSS, made here. Target:
// under 300 ms of CPU for one extraction. Baseline in the same run: parsing alone (cheerio.load of
// the page + css-tree parse of the CSS), the floor any extraction on these libraries pays.
import * as cheerio from 'cheerio';
import * as csstree from 'css-tree';
import { extractDesign } from '../src/modules/profile/design.fns.ts';

const colors = ['#0a7cff', '#ff5a1f', '#2a9d8f', '#e63946', '#1d3557', '#f1faee', '#333333', '#fafafa', 'rgb(12, 34, 56)', 'hsl(210, 60%, 40%)'];
let css = ':root{--color-primary:#0a7cff;--bg:#ffffff;--text-color:#1b1b1b}\n';
for (let i = 0; css.length < 300 * 1024; i++) {
  css += `.c${i} > a:hover, .c${i}::before{color:${colors[i % 10]};background:${colors[(i + 3) % 10]} url(x${i}.png) no-repeat;border:1px solid ${colors[(i + 5) % 10]};font-family:"Inter",Arial,sans-serif;padding:${i % 20}px;margin:0 auto;box-shadow:0 1px 2px rgba(0,0,0,.2)}\n`;
  if (i % 50 === 0) css += `@media (max-width:${600 + i}px){.c${i}{display:none;color:#abcdef}}\n`;
}
let body = '';
for (let i = 0; body.length < 498 * 1024; i++) {
  body += `<div class="card c${i}" style="color:${colors[i % 10]};padding:4px"><h3>Item ${i}</h3><p>Lorem ipsum dolor sit amet, ${'consectetur adipiscing elit '.repeat(3)}</p><a href="/p/${i}">more</a>${i % 40 === 0 ? '<img class="logo" src="/logo.png">' : ''}</div>\n`;
}
const html = `<!doctype html><html><head><title>Bench</title><meta name="theme-color" content="#0a7cff"><meta name="description" content="A benchmark page">
<script type="application/ld+json">{"@type":"Organization","name":"Bench","logo":"https://bench.example/logo.png","description":"Benchmarks things."}</script>
<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Inter"><style>body{font-family:Inter;background:#fff;color:#111}</style></head><body>${body}</body></html>`;

const cpuMs = (fn: () => void) => {
  const start = process.cpuUsage();
  fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

for (let i = 0; i < 3; i++) extractDesign({ html, pageUrl: 'https://bench.example/', stylesheets: [css] }); // warm-up
const runs = 15;
const extraction = median(Array.from({ length: runs }, () => cpuMs(() => extractDesign({ html, pageUrl: 'https://bench.example/', stylesheets: [css] }))));
const parsing = median(Array.from({ length: runs }, () => cpuMs(() => {
  cheerio.load(html);
  csstree.parse(css, { parseCustomProperty: false, parseRulePrelude: false, parseAtrulePrelude: false });
})));
const result = extractDesign({ html, pageUrl: 'https://bench.example/', stylesheets: [css] });
console.log(`page ${(html.length / 1024).toFixed(0)} KB, CSS ${(css.length / 1024).toFixed(0)} KB; colours ${JSON.stringify(result.brandColors)}`);
console.log(`extraction CPU median of ${runs}: ${extraction.toFixed(1)} ms (target 300 ms, ratio ${(extraction / 300).toFixed(2)})`);
console.log(`parsing floor (cheerio + css-tree): ${parsing.toFixed(1)} ms; extraction/floor ratio ${(extraction / parsing).toFixed(2)}`);
