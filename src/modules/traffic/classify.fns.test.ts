import { describe, expect, it } from 'vitest';
import { AGENT_DATA, createClassifier, truncateIp } from './classify.fns.ts';

const c = createClassifier();

describe('agents by user agent', () => {
  it.each([
    ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)', 'gptbot', 'training'],
    ['Mozilla/5.0 (compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot)', 'oai-searchbot', 'search_index'],
    ['Mozilla/5.0 (compatible; ChatGPT-User/1.0; +https://openai.com/bot)', 'chatgpt-user', 'user_fetch'],
    ['Mozilla/5.0 (compatible; ClaudeBot/1.0; +claudebot@anthropic.com)', 'claudebot', 'training'],
    ['Claude-User/1.0', 'claude-user', 'user_fetch'],
    ['Mozilla/5.0 (compatible; Claude-SearchBot/1.0)', 'claude-searchbot', 'search_index'],
    ['Mozilla/5.0 (compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)', 'perplexitybot', 'search_index'],
    ['Mozilla/5.0 (compatible; Perplexity-User/1.0)', 'perplexity-user', 'user_fetch'],
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'googlebot', 'search_index'],
    ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', 'bingbot', 'search_index'],
    ['Mozilla/5.0 (Macintosh) Safari (Applebot/0.1; +http://www.apple.com/go/applebot)', 'applebot', 'search_index'],
    ['meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)', 'meta-externalagent', 'training'],
    ['Mozilla/5.0 (compatible; Amazonbot/0.1)', 'amazonbot', 'search_index'],
    ['Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)', 'bytespider', 'training'],
    ['CCBot/2.0 (https://commoncrawl.org/faq/)', 'ccbot', 'training'],
  ])('%s', (ua, id, purpose) => {
    expect(c.agentOf(ua)).toMatchObject({ id, purpose });
  });

  it('a browser is no agent; robots-only tokens are never matched as user agents', () => {
    expect(c.agentOf('Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0')).toBeNull();
    expect(AGENT_DATA.agents.find((a) => a.id === 'google-extended')?.robotsOnly).toBe(true);
    expect(c.agentOf('Google-Extended')).toBeNull();
  });
});

describe('verification by published ranges (addresses are only compared, never contacted)', () => {
  const agent = (id: string) => AGENT_DATA.agents.find((a) => a.id === id)!;
  it.each([
    ['gptbot', '20.171.207.12', 'verified'],
    ['gptbot', '52.230.152.200', 'verified'],
    ['gptbot', '198.51.100.7', 'claimed'], // spoofer: GPTBot UA from elsewhere
    ['gptbot', '::ffff:20.171.207.12', 'verified'], // IPv4-mapped IPv6
    ['chatgpt-user', '23.98.142.180', 'verified'],
    ['chatgpt-user', '20.171.207.12', 'claimed'], // GPTBot's range is not ChatGPT-User's
    ['perplexitybot', '3.211.124.183', 'verified'],
    ['perplexitybot', '3.211.124.184', 'claimed'],
    ['googlebot', '66.249.66.87', 'verified'],
    ['googlebot', '2001:4860:4801:10::42', 'verified'],
    ['googlebot', '2001:db8::42', 'claimed'],
    ['bingbot', '157.55.39.1', 'verified'],
    ['claudebot', '160.79.104.10', 'claimed'], // no published list shipped: never verified
    ['gptbot', 'not-an-ip', 'claimed'],
  ])('%s from %s is %s', (id, ip, expected) => {
    expect(c.verify(agent(id), ip)).toBe(expected);
  });

  it('every shipped list names its source and date, and parses', () => {
    for (const [name, list] of Object.entries(AGENT_DATA.ranges)) {
      expect(list.source, name).toMatch(/^https:\/\//);
      expect(list.observed, name).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(list.prefixes.length, name).toBeGreaterThan(0);
    }
    for (const a of AGENT_DATA.agents) if (a.ranges) expect(AGENT_DATA.ranges[a.ranges], a.id).toBeDefined();
  });
});

describe('AI referrers', () => {
  it.each([
    ['https://chatgpt.com/', 'chatgpt'],
    ['https://www.perplexity.ai/search?q=x', 'perplexity'],
    ['https://gemini.google.com/app', 'gemini'],
    ['https://copilot.microsoft.com/chats/1', 'copilot'],
    ['https://claude.ai/chat/abc', 'claude'],
    ['https://notchatgpt.com/', null],
    ['https://www.google.com/', null],
    [null, null],
    ['garbage', null],
  ])('%s → %s', (ref, engine) => {
    expect(c.referrerEngine(ref)).toBe(engine);
  });
});

it('truncates addresses to a network', () => {
  expect(truncateIp('203.0.113.77')).toBe('203.0.113.0/24');
  expect(truncateIp('::ffff:203.0.113.77')).toBe('203.0.113.0/24');
  expect(truncateIp('2001:db8:1234:5678::1')).toBe('2001:db8:1234::/48');
  expect(truncateIp('nope')).toBe('invalid');
});
