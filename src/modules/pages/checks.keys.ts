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
