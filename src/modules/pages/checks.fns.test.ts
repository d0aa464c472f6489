import { describe, expect, it } from 'vitest';
import { htmlFacts, llmsCheck, pageChecks, robotsCheck, sitemapCheck, type Fetched } from './checks.fns.ts';

const ok = (text: string, contentType = 'text/plain'): Fetched => ({ status: 200, contentType, text });
const GOOD_HTML = `<!doctype html><html><head><title>Acme Analytics — dashboards</title>
<meta name="description" content="Acme Analytics builds dashboards that answer questions about your business data.">
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="canonical" href="https://acme.com/">
<script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"Organization"},{"@type":["WebSite","Thing"]}]}</script>
<script type="application/ld+json">{not json</script></head><body>hi</body></html>`;

describe('page checks from HTML', () => {
  it('passes a well-formed page served over https, and reads its structured data', () => {
    const facts = htmlFacts(GOOD_HTML);
    expect(facts.structuredData).toEqual({ blocks: 1, types: ['Organization', 'Thing', 'WebSite'] });
    const checks = pageChecks(facts, 'https://acme.com/');
    for (const check of Object.values(checks)) expect(check).toMatchObject({ passed: true, suggestion: '' });
    expect(checks.title.value).toBe('Acme Analytics — dashboards');
  });

  it.each([
    ['<title>Short</title>', 'title', 'Short'],
    [`<title>${'x'.repeat(71)}</title>`, 'title', 'x'.repeat(71)],
    ['<meta name="description" content="too short">', 'description', 'too short'],
    ['<meta name="robots" content="noindex, follow">', 'metaRobots', 'noindex, follow'],
    ['<meta name="ROBOTS" content="none">', 'metaRobots', 'none'],
    ['<link rel="canonical" href="/relative">', 'canonical', '/relative'],
    ['<meta name="viewport" content="width=1024">', 'viewport', 'width=1024'],
    ['', 'viewport', ''],
    ['', 'canonical', ''],
    ['', 'title', ''],
  ] as const)('%s fails %s', (head, key, value) => {
    const check = pageChecks(htmlFacts(`<html><head>${head}</head></html>`), 'https://acme.com/')[key];
    expect(check.passed).toBe(false);
    expect(check.value).toBe(value);
    expect(check.suggestion.length).toBeGreaterThan(10);
  });

  it('fails https for a page served over http', () => {
    expect(pageChecks(htmlFacts(GOOD_HTML), 'http://acme.com/').https).toMatchObject({ passed: false, value: 'http://acme.com/' });
  });
});

describe('robots.txt', () => {
  const robots = 'https://acme.com/robots.txt';
  it('gives each bot its verdict and lists the sitemaps', () => {
    const text = 'User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\nSitemap: https://acme.com/sm.xml\n';
    const result = robotsCheck(robots, ok(text), 'https://acme.com/pricing');
    expect(result.bots).toEqual({ GPTBot: false, ClaudeBot: true, PerplexityBot: true, 'Google-Extended': true, Googlebot: true });
    expect(result.check).toMatchObject({ passed: false, value: expect.stringContaining('blocks GPTBot') });
    expect(result.sitemaps).toEqual(['https://acme.com/sm.xml']);
  });

  it('gives every known AI agent its verdict, group by group', () => {
    const text = 'User-agent: OAI-SearchBot\nUser-agent: PerplexityBot\nDisallow: /pricing\n\nUser-agent: CCBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n';
    const { agents } = robotsCheck(robots, ok(text), 'https://acme.com/pricing');
    expect(Object.entries(agents).filter(([, allowed]) => !allowed).map(([token]) => token).sort()).toEqual(['CCBot', 'OAI-SearchBot', 'PerplexityBot']);
    expect(robotsCheck(robots, ok(text), 'https://acme.com/blog').agents).toMatchObject({ 'OAI-SearchBot': true, CCBot: false });
    expect(Object.values(robotsCheck(robots, { status: 503, contentType: '', text: '' }, 'https://acme.com/').agents).every((a) => a === false)).toBe(true);
  });

  it('fails a file that blocks the page for everyone, a missing file, an HTML answer and a server error', () => {
    expect(robotsCheck(robots, ok('User-agent: *\nDisallow: /private\n'), 'https://acme.com/private/x').check.passed).toBe(false);
    expect(robotsCheck(robots, ok('User-agent: *\nDisallow: /private\n'), 'https://acme.com/').check.passed).toBe(true);
    expect(robotsCheck(robots, { status: 404, contentType: 'text/html', text: 'nope' }, 'https://acme.com/').check).toMatchObject({ passed: false, value: '' });
    expect(robotsCheck(robots, ok('<!doctype html><html></html>', 'text/html'), 'https://acme.com/').check.passed).toBe(false);
    const down = robotsCheck(robots, { status: 503, contentType: '', text: '' }, 'https://acme.com/');
    expect(down.check.value).toBe('HTTP 503');
    expect(Object.values(down.bots).every((v) => v === false)).toBe(true);
  });
});

describe('sitemap.xml', () => {
  it('reads a urlset and a sitemap index', () => {
    const set = sitemapCheck('https://acme.com/sitemap.xml', ok('<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://acme.com/a</loc></url><url><loc> https://acme.com/b </loc></url></urlset>', 'application/xml'));
    expect(set).toMatchObject({ check: { passed: true, value: '2 URLs' }, urls: ['https://acme.com/a', 'https://acme.com/b'] });
    const index = sitemapCheck('https://acme.com/sitemap.xml', ok('<sitemapindex><sitemap><loc>https://acme.com/s1.xml</loc></sitemap></sitemapindex>'));
    expect(index).toMatchObject({ check: { passed: true }, sitemaps: ['https://acme.com/s1.xml'], urls: [] });
  });

  it.each([
    [{ status: 404, contentType: '', text: '' }, 'HTTP 404'],
    [ok('<html><body>not a sitemap</body></html>', 'text/html'), '<html><body>not a sitemap</body></html>'],
    [ok('<urlset></urlset>'), '0 URLs'],
    [{ status: 0, contentType: '', text: '', error: 'timeout' }, ''],
  ])('fails %#', (fetched, value) => {
    expect(sitemapCheck('https://acme.com/sitemap.xml', fetched).check).toMatchObject({ passed: false, value });
  });
});

describe('llms.txt', () => {
  it.each([
    [ok('# Acme Analytics\n\n> Dashboards.\n\n## Docs\n- [API](https://acme.com/api)\n'), true, 'Acme Analytics'],
    [ok('\n\n#   Acme  \n'), true, 'Acme'],
    [ok('Acme Analytics\n## Docs'), false, 'Acme Analytics'],
    [ok('<!doctype html><html>', 'text/html'), false, '<!doctype html><html>'],
    [{ status: 404, contentType: '', text: '' }, false, 'HTTP 404'],
  ])('%# passed=%s', (fetched, passed, value) => {
    expect(llmsCheck('https://acme.com/llms.txt', fetched)).toMatchObject({ passed, value });
  });
});
