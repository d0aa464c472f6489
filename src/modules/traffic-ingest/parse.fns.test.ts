import { describe, expect, it } from 'vitest';
import { newParseState, parseLine, parseNcsaTime, pathOf, SKIP, type Hit } from './parse.fns.ts';

const ok = (line: string, state = newParseState()) => {
  const r = parseLine(line, state);
  if (r === SKIP || 'error' in r) throw new Error(`expected a hit, got ${JSON.stringify(r)}`);
  return r as Hit;
};
const at = (iso: string) => Date.parse(iso);

describe('NCSA common and combined (nginx, Apache)', () => {
  it.each([
    ['combined', '203.0.113.9 - - [10/Oct/2026:13:55:36 -0700] "GET /pricing?x=1 HTTP/1.1" 200 2326 "https://chatgpt.com/" "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot"',
      { at: at('2026-10-10T20:55:36Z'), ip: '203.0.113.9', method: 'GET', path: '/pricing', status: 200, bytes: 2326, referrer: 'https://chatgpt.com/', userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot' }],
    ['common (no referrer, no UA)', '198.51.100.1 - frank [10/Oct/2026:13:55:36 +0000] "POST /api HTTP/1.0" 404 -',
      { at: at('2026-10-10T13:55:36Z'), ip: '198.51.100.1', method: 'POST', path: '/api', status: 404, bytes: 0, referrer: null, userAgent: '' }],
    ['IPv6 client', '2001:db8::7 - - [01/Jan/2026:00:00:00 +0100] "GET / HTTP/2.0" 301 0 "-" "ClaudeBot/1.0"',
      { at: at('2025-12-31T23:00:00Z'), ip: '2001:db8::7', method: 'GET', path: '/', status: 301, bytes: 0, referrer: null, userAgent: 'ClaudeBot/1.0' }],
    ['escaped quotes in the UA (Apache \\")', '192.0.2.1 - - [10/Oct/2026:13:55:36 +0000] "GET /a HTTP/1.1" 200 5 "-" "say \\"hi\\" bot"',
      { at: at('2026-10-10T13:55:36Z'), ip: '192.0.2.1', method: 'GET', path: '/a', status: 200, bytes: 5, referrer: null, userAgent: 'say "hi" bot' }],
    ['nginx \\x22 escapes', '192.0.2.1 - - [10/Oct/2026:13:55:36 +0000] "GET /a HTTP/1.1" 200 5 "-" "x\\x22y"',
      { at: at('2026-10-10T13:55:36Z'), ip: '192.0.2.1', method: 'GET', path: '/a', status: 200, bytes: 5, referrer: null, userAgent: 'x"y' }],
    ['absolute-URL request target', '192.0.2.1 - - [10/Oct/2026:13:55:36 +0000] "GET http://example.com/b/c?d HTTP/1.1" 200 5',
      { at: at('2026-10-10T13:55:36Z'), ip: '192.0.2.1', method: 'GET', path: '/b/c', status: 200, bytes: 5, referrer: null, userAgent: '' }],
  ])('%s', (_name, line, expected) => {
    expect(ok(line)).toEqual(expected);
  });

  it.each([
    ['empty-ish garbage', 'hello world'],
    ['truncated line', '203.0.113.9 - - [10/Oct/2026:13:55:36 -0700] "GET /pricing'],
    ['bad month', '203.0.113.9 - - [10/Foo/2026:13:55:36 -0700] "GET / HTTP/1.1" 200 1'],
    ['bad status', '203.0.113.9 - - [10/Oct/2026:13:55:36 -0700] "GET / HTTP/1.1" 999 1'],
    ['not a path', '203.0.113.9 - - [10/Oct/2026:13:55:36 -0700] "\\x16\\x03\\x01" 400 1'],
  ])('malformed: %s', (_name, line) => {
    const r = parseLine(line, newParseState());
    expect(r).toHaveProperty('error');
  });

  it('reads the time zone offset', () => {
    expect(parseNcsaTime('10/Oct/2000:13:55:36 -0700')).toBe(Date.UTC(2000, 9, 10, 20, 55, 36));
    expect(parseNcsaTime('10/Oct/2000:13:55:36 +0530')).toBe(Date.UTC(2000, 9, 10, 8, 25, 36));
    expect(parseNcsaTime('10/Oct/2000:13:55:36 junk')).toBeNaN();
  });

  it('paths drop the query and fragment', () => {
    expect(pathOf('/a/b?c=1#d')).toBe('/a/b');
    expect(pathOf('*')).toBeNull();
    expect(pathOf('https://x.test')).toBe('/');
  });
});

describe('JSON lines', () => {
  it('Cloudflare Logpush http_requests (RFC 3339, unix seconds and nanoseconds)', () => {
    const base = { ClientIP: '2001:4860:4801:10::1', ClientRequestMethod: 'GET', ClientRequestURI: '/docs?q=1', EdgeResponseStatus: 200, EdgeResponseBytes: 512, ClientRequestUserAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', ClientRequestReferer: '' };
    const expected = { at: at('2026-11-01T10:00:00Z'), ip: '2001:4860:4801:10::1', method: 'GET', path: '/docs', status: 200, bytes: 512, referrer: null, userAgent: base.ClientRequestUserAgent };
    expect(ok(JSON.stringify({ ...base, EdgeStartTimestamp: '2026-11-01T10:00:00Z' }))).toEqual(expected);
    expect(ok(JSON.stringify({ ...base, EdgeStartTimestamp: at('2026-11-01T10:00:00Z') / 1000 }))).toEqual(expected);
    expect(ok(JSON.stringify({ ...base, EdgeStartTimestamp: at('2026-11-01T10:00:00Z') * 1e6 }))).toEqual(expected);
  });

  it('Vercel log drain: a proxy entry is a hit, a build line is skipped', () => {
    const line = JSON.stringify({ id: '1', source: 'static', timestamp: at('2026-11-01T10:00:00Z'), proxy: { timestamp: at('2026-11-01T10:00:00Z'), method: 'GET', host: 'x.test', path: '/blog/a?x', statusCode: 403, clientIp: '3.211.124.183', userAgent: ['Mozilla/5.0 (compatible; PerplexityBot/1.0)'], referer: 'https://www.perplexity.ai/search' } });
    expect(ok(line)).toEqual({ at: at('2026-11-01T10:00:00Z'), ip: '3.211.124.183', method: 'GET', path: '/blog/a', status: 403, bytes: 0, referrer: 'https://www.perplexity.ai/search', userAgent: 'Mozilla/5.0 (compatible; PerplexityBot/1.0)' });
    expect(parseLine(JSON.stringify({ id: '2', source: 'build', message: 'Compiled', timestamp: 1 }), newParseState())).toBe(SKIP);
  });

  it('CloudFront standard logging v2 in JSON', () => {
    const line = JSON.stringify({ date: '2026-11-01', time: '10:00:00', 'c-ip': '192.0.2.4', 'cs-method': 'GET', 'cs-uri-stem': '/p', 'sc-status': '200', 'sc-bytes': '99', 'cs(Referer)': '-', 'cs(User-Agent)': 'Mozilla/5.0%20(compatible;%20ClaudeBot/1.0)' });
    expect(ok(line)).toMatchObject({ ip: '192.0.2.4', path: '/p', status: 200, bytes: 99, referrer: null, userAgent: 'Mozilla/5.0 (compatible; ClaudeBot/1.0)' });
  });

  it.each([['{not json'], ['{"foo": 1}'], ['{"ClientIP":"1.2.3.4","ClientRequestURI":"/","EdgeResponseStatus":200}']])('malformed: %s', (line) => {
    expect(parseLine(line, newParseState())).toHaveProperty('error');
  });
});

describe('CloudFront standard logs (W3C, tab-separated)', () => {
  const header = '#Fields: date time x-edge-location sc-bytes c-ip cs-method cs(Host) cs-uri-stem sc-status cs(Referer) cs(User-Agent) cs-uri-query cs(Cookie)';
  const row = ['2026-11-01', '10:00:00', 'FRA56-C1', '2048', '2001:db8::1', 'GET', 'd111.cloudfront.net', '/index.html', '200', 'https://claude.ai/', 'Mozilla/5.0%20(Macintosh;%20Intel)', 'a=b', '-'].join('\t');

  it('reads fields by the #Fields header; comments are skipped; UA is URL-decoded', () => {
    const state = newParseState();
    expect(parseLine('#Version: 1.0', state)).toBe(SKIP);
    expect(parseLine(header, state)).toBe(SKIP);
    expect(ok(row, state)).toEqual({ at: at('2026-11-01T10:00:00Z'), ip: '2001:db8::1', method: 'GET', path: '/index.html', status: 200, bytes: 2048, referrer: 'https://claude.ai/', userAgent: 'Mozilla/5.0 (Macintosh; Intel)' });
  });

  it('without a header uses the standard order; a short row is an error', () => {
    expect(ok(row)).toMatchObject({ ip: '2001:db8::1', status: 200 });
    expect(parseLine('2026-11-01\t10:00:00\tFRA', newParseState())).toHaveProperty('error');
  });
});
