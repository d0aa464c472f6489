// The names of the nine checks and of the crawlers, apart from the parsing code (cheerio takes
// a second or two to import on a busy machine; schemas and scoring need only these names).

export interface Check {
  passed: boolean;
  value: string;
  suggestion: string;
}
export const CHECK_KEYS = ['robotsTxt', 'sitemapXml', 'llmsTxt', 'metaRobots', 'canonical', 'title', 'description', 'https', 'viewport'] as const;
export type CheckKey = (typeof CHECK_KEYS)[number];
export type Checks = Record<CheckKey, Check>;

/** The crawlers whose access to the page is reported; the first four read for AI engines. */
export const BOTS = ['GPTBot', 'ClaudeBot', 'PerplexityBot', 'Google-Extended', 'Googlebot'] as const;
export const AI_BOTS = BOTS.slice(0, 4);
export type BotAccess = Record<(typeof BOTS)[number], boolean>;

/**
 * The robots.txt tokens of every AI crawler and agent the traffic module knows
 * (src/modules/traffic/data/ai-agents.json; a traffic test keeps the two lists equal): each one's
 * verdict for the page is kept beside `BotAccess`, so what robots.txt decides can be set beside
 * what the bots did. Kept here, not read from the traffic data, so pages depends on nothing.
 */
export const AGENT_TOKENS = [
  'GPTBot', 'OAI-SearchBot', 'ChatGPT-User', 'ClaudeBot', 'Claude-User', 'Claude-SearchBot', 'PerplexityBot', 'Perplexity-User',
  'Googlebot', 'Google-Extended', 'bingbot', 'Applebot', 'Applebot-Extended', 'meta-externalagent', 'meta-externalfetcher',
  'FacebookBot', 'Amazonbot', 'Bytespider', 'CCBot', 'DuckAssistBot', 'MistralAI-User', 'cohere-ai',
] as const;
