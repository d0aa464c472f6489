import * as cheerio from 'cheerio';
import { AGENT_TOKENS, BOTS, CHECK_KEYS, type BotAccess, type Check, type Checks } from './checks.keys.ts';
import robotsParserModule from 'robots-parser';

// robots-parser is CommonJS whose types declare an ES default: at run time the default import is the function.
type Robot = { isAllowed(url: string, ua?: string): boolean | undefined; getSitemaps(): string[] };
const robotsParser = robotsParserModule as unknown as (url: string, contents: string) => Robot;

// The nine checks of a page (docs/seo.md, "Page evaluation"), from what was fetched: the
// page's HTML, its site's robots.txt, sitemap.xml and llms.txt. Pure, no I/O. `value` is what
// was observed ("" when absent); `suggestion` says what to do, empty when the check passed.

export * from './checks.keys.ts';

/** A fetched file: its status (0 when the fetch failed), content type and text, or why it failed. */
export interface Fetched {
  status: number;
  contentType: string;
  text: string;
  error?: string;
}

const pass = (value: string): Check => ({ passed: true, value, suggestion: '' });
const fail = (value: string, suggestion: string): Check => ({ passed: false, value, suggestion });
const clip = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const isHtml = (f: Fetched) => /html/i.test(f.contentType) || /^\s*<(!doctype html|html)/i.test(f.text);

export interface HtmlFacts {
  title: string;
  description: string;
  canonical: string;
  metaRobots: string;
  viewport: string;
  /** JSON-LD blocks that parse, and the @type values they name. */
  structuredData: { blocks: number; types: string[] };
}

export function htmlFacts(html: string): HtmlFacts {
  // htmlparser2 rather than parse5: three times faster, and the head's tags read the same.
  const $ = cheerio.load(html, { xml: { xmlMode: false, decodeEntities: true } });
  const meta = (name: string) => $(`meta[name="${name}" i]`).first().attr('content')?.trim() ?? '';
  const types = new Set<string>();
  let blocks = 0;
  $('script[type="application/ld+json" i]').each((_, el) => {
    try {
      const walk = (node: unknown): void => {
        if (Array.isArray(node)) return node.forEach(walk);
        if (node && typeof node === 'object') {
          const t = (node as Record<string, unknown>)['@type'];
          for (const name of Array.isArray(t) ? t : [t]) if (typeof name === 'string') types.add(name);
          const graph = (node as Record<string, unknown>)['@graph'];
          if (graph) walk(graph);
        }
      };
      walk(JSON.parse($(el).text()));
      blocks++;
    } catch {
      // a block that does not parse is not structured data
    }
  });
  return {
    title: $('head title').first().text().trim() || $('title').first().text().trim(),
    description: meta('description'),
    canonical: $('link[rel~="canonical" i]').first().attr('href')?.trim() ?? '',
    metaRobots: [meta('robots'), meta('googlebot')].filter(Boolean).join(', '),
    viewport: meta('viewport'),
    structuredData: { blocks, types: [...types].sort() },
  };
}

export function pageChecks(facts: HtmlFacts, finalUrl: string): Pick<Checks, 'metaRobots' | 'canonical' | 'title' | 'description' | 'https' | 'viewport'> {
  const { title, description, canonical, metaRobots, viewport } = facts;
  let absolute = false;
  try {
    absolute = /^https?:$/.test(new URL(canonical).protocol);
  } catch {
    absolute = false;
  }
  return {
    metaRobots: /noindex|none/i.test(metaRobots)
      ? fail(metaRobots, 'Remove "noindex" from the robots meta tag so search and AI engines may index the page.')
      : pass(metaRobots),
    canonical: !canonical ? fail('', `Add <link rel="canonical" href="${finalUrl}"> to name the page's preferred address.`)
      : absolute ? pass(canonical) : fail(canonical, 'Make the canonical link an absolute URL (https://…).'),
    title: !title ? fail('', 'Add a <title> of 10-70 characters that names the page and the brand.')
      : title.length < 10 || title.length > 70 ? fail(clip(title), `Rewrite the title to 10-70 characters (it has ${title.length}).`) : pass(title),
    description: !description ? fail('', 'Add <meta name="description"> of 50-160 characters summarising the page.')
      : description.length < 50 || description.length > 160 ? fail(clip(description), `Rewrite the meta description to 50-160 characters (it has ${description.length}).`)
        : pass(description),
    https: finalUrl.startsWith('https://') ? pass(finalUrl) : fail(finalUrl, 'Serve the page over HTTPS and redirect http:// to it.'),
    viewport: !viewport ? fail('', 'Add <meta name="viewport" content="width=device-width, initial-scale=1">.')
      : /width\s*=\s*device-width/i.test(viewport) ? pass(viewport) : fail(viewport, 'Set the viewport to width=device-width so the page fits mobile screens.'),
  };
}

export type AgentAccess = Record<string, boolean>;
const every = (allowed: boolean) => ({
  bots: Object.fromEntries(BOTS.map((b) => [b, allowed])) as BotAccess,
  agents: Object.fromEntries(AGENT_TOKENS.map((b) => [b, allowed])) as AgentAccess,
});

/**
 * robots.txt: present and parseable, not blocking the page; plus each bot's verdict for the page
 * (`bots`, the five the SEO score reads) and every known AI agent's (`agents`).
 */
export function robotsCheck(robotsUrl: string, fetched: Fetched, pageUrl: string): { check: Check; bots: BotAccess; agents: AgentAccess; sitemaps: string[] } {
  if (fetched.error) return { check: fail('', `robots.txt could not be fetched (${fetched.error}); make ${robotsUrl} answer.`), ...every(true), sitemaps: [] };
  if (fetched.status === 404 || fetched.status === 410) {
    return { check: fail('', `Add ${robotsUrl} with the rules for crawlers and a Sitemap: line.`), ...every(true), sitemaps: [] };
  }
  if (fetched.status >= 400) {
    // Google treats 5xx as "disallow all" until it answers again.
    return {
      check: fail(`HTTP ${fetched.status}`, `${robotsUrl} answers HTTP ${fetched.status}; make it answer 200 (or 404 when there are no rules).`),
      ...every(fetched.status < 500), sitemaps: [],
    };
  }
  if (isHtml(fetched) || !/^\s*(user-agent|sitemap|disallow|allow|crawl-delay|#|$)/im.test(fetched.text)) {
    return { check: fail(clip(fetched.text.trim(), 120), `${robotsUrl} is not a robots file (it looks like ${isHtml(fetched) ? 'an HTML page' : 'something else'}); serve plain text rules.`), ...every(true), sitemaps: [] };
  }
  const robots = robotsParser(robotsUrl, fetched.text);
  const bots = Object.fromEntries(BOTS.map((b) => [b, robots.isAllowed(pageUrl, b) !== false])) as BotAccess;
  const agents = Object.fromEntries(AGENT_TOKENS.map((b) => [b, robots.isAllowed(pageUrl, b) !== false])) as AgentAccess;
  const generic = robots.isAllowed(pageUrl, '*') !== false;
  const blockedBots = BOTS.filter((b) => !bots[b]);
  const value = `${fetched.text.split('\n').filter((l) => l.trim() && !l.trim().startsWith('#')).length} rules${blockedBots.length ? `; blocks ${blockedBots.join(', ')}` : ''}`;
  const check = !generic ? fail(value, `robots.txt disallows ${new URL(pageUrl).pathname} for all crawlers; remove the Disallow rule that matches it.`)
    : blockedBots.length ? fail(value, `robots.txt blocks ${blockedBots.join(', ')} from this page; allow them if you want AI engines and Google to read and cite it.`)
      : pass(value);
  return { check, bots, agents, sitemaps: robots.getSitemaps() };
}

/** sitemap.xml: reachable, valid XML of a urlset or sitemap index, listing URLs. */
export function sitemapCheck(sitemapUrl: string, fetched: Fetched): { check: Check; urls: string[]; sitemaps: string[] } {
  const none = { urls: [], sitemaps: [] };
  if (fetched.error) return { check: fail('', `The sitemap could not be fetched (${fetched.error}); make ${sitemapUrl} answer.`), ...none };
  if (fetched.status !== 200) return { check: fail(fetched.status ? `HTTP ${fetched.status}` : '', `Publish a sitemap at ${sitemapUrl} and name it in robots.txt.`), ...none };
  const $ = cheerio.load(fetched.text, { xml: true });
  const root = $.root().children().first();
  const name = (root.prop('tagName') ?? '').toLowerCase().replace(/^.*:/, '');
  if (name !== 'urlset' && name !== 'sitemapindex') {
    return { check: fail(clip(fetched.text.trim(), 120), `${sitemapUrl} is not a sitemap (no <urlset> or <sitemapindex>); generate a valid sitemap.`), ...none };
  }
  // Direct children only (a selector walk costs as much as the parse on a 50,000-URL sitemap).
  const local = (name: string) => name.toLowerCase().replace(/^.*:/, '');
  const locs = (tag: string) => {
    const out: string[] = [];
    for (const entry of root.children().get()) {
      if (local(entry.tagName) !== tag) continue;
      for (const child of entry.children) {
        if (child.type === 'tag' && local(child.name) === 'loc') {
          const loc = $(child).text().trim();
          if (loc) out.push(loc);
        }
      }
    }
    return out;
  };
  const urls = name === 'urlset' ? locs('url') : [];
  const sitemaps = name === 'sitemapindex' ? locs('sitemap') : [];
  if (!urls.length && !sitemaps.length) return { check: fail('0 URLs', 'The sitemap lists no URLs; add the pages you want crawled.'), ...none };
  return { check: pass(urls.length ? `${urls.length} URLs` : `index of ${sitemaps.length} sitemaps`), urls, sitemaps };
}

/** llms.txt (llmstxt.org): present, text rather than HTML, opening with an H1 naming the site. */
export function llmsCheck(llmsUrl: string, fetched: Fetched): Check {
  if (fetched.error) return fail('', `llms.txt could not be fetched (${fetched.error}).`);
  if (fetched.status !== 200) {
    return fail(fetched.status ? `HTTP ${fetched.status}` : '', `Publish ${llmsUrl}: a Markdown file opening with "# <site name>", a "> " summary and "## " sections of links for AI engines (llmstxt.org).`);
  }
  if (isHtml(fetched)) return fail(clip(fetched.text.trim(), 120), `${llmsUrl} answers an HTML page; serve Markdown text as llmstxt.org describes.`);
  const first = fetched.text.split('\n').map((l) => l.trim()).find(Boolean) ?? '';
  const h1 = /^#\s+(\S.*)$/.exec(first);
  if (!h1) return fail(clip(first, 120), `Start ${llmsUrl} with an H1 line, "# <site name>", as llmstxt.org asks.`);
  return pass(h1[1]!.trim());
}
