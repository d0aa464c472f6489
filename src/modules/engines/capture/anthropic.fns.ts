import { arr, isObj, num, safely, str, usageFrom, type AnswerTrace } from './trace.ts';

// Anthropic Messages with the web search tool: `server_tool_use` blocks (name `web_search`) carry
// each query in `input.query`; the `web_search_tool_result` block that follows (same
// `tool_use_id`) lists the results read, in rank order, or an error object; `text` blocks carry
// `citations` of type `web_search_result_location` ({url, title, cited_text}) and the cited
// block's text is the span it supports. `usage.server_tool_use.web_search_requests` counts searches.

export function parseAnthropic(body: unknown): AnswerTrace {
  return safely('anthropic-messages', 'api', (b) => {
    if (!isObj(body)) throw new Error('the body is not an object');
    b.modelVersion = str(body.model);
    const usage = isObj(body.usage) ? body.usage : null;
    const searches = usage && isObj(usage.server_tool_use) ? num(usage.server_tool_use.web_search_requests) : null;
    b.usage = usageFrom(usage, { input: 'input_tokens', output: 'output_tokens', searches });
    const content = arr(body.content);
    if (!content) throw new Error('`content` is not a list');
    const queryOf = new Map<string, string>();
    let offset = 0;
    let sawText = false;
    for (const block of content) {
      if (!isObj(block)) continue;
      if (block.type === 'server_tool_use' && block.name === 'web_search') {
        b.reported.add('queries');
        const q = isObj(block.input) ? str(block.input.query) : null;
        if (!q) b.warn(`web search ${str(block.id) ?? ''} has no query`.replace('  ', ' '));
        else {
          b.query(q);
          if (str(block.id)) queryOf.set(block.id as string, q);
        }
      } else if (block.type === 'web_search_tool_result') {
        b.reported.add('retrieved');
        const query = queryOf.get(str(block.tool_use_id) ?? '') ?? null;
        const results = arr(block.content);
        if (!results) {
          const code = isObj(block.content) ? str(block.content.error_code) : null;
          b.warn(`a web search returned no results${code ? ` (${code})` : ''}`);
          continue;
        }
        results.forEach((r, i) => isObj(r) && r.type === 'web_search_result' && b.source(r.url, r.title, i + 1, query));
      } else if (block.type === 'text') {
        sawText = true;
        const text = typeof block.text === 'string' ? block.text : '';
        for (const c of arr(block.citations) ?? []) {
          if (!isObj(c) || c.type !== 'web_search_result_location') continue;
          b.cite(c.url, c.title, text ? { start: offset, end: offset + text.length, text } : null);
        }
        offset += text.length;
      }
    }
    if (sawText) b.reported.add('cited');
  });
}

/**
 * An answer from a Messages body read without the AI SDK (a Message Batches result): the text
 * blocks joined, and the sources as the SDK makes them for a live call (each web search result,
 * then each citation; one per URL), with the trace from the same parser.
 */
export function anthropicAnswer(body: unknown): { text: string; sources: Array<{ url: string; title?: string }>; trace: AnswerTrace } {
  const content = isObj(body) ? arr(body.content) ?? [] : [];
  let text = '';
  const sources = new Map<string, { url: string; title?: string }>();
  const add = (url: unknown, title: unknown) => {
    if (typeof url === 'string' && url && !sources.has(url)) sources.set(url, { url, ...(typeof title === 'string' && title ? { title } : {}) });
  };
  for (const block of content) {
    if (!isObj(block)) continue;
    if (block.type === 'web_search_tool_result') for (const r of arr(block.content) ?? []) if (isObj(r)) add(r.url, r.title);
    if (block.type === 'text') {
      text += typeof block.text === 'string' ? block.text : '';
      for (const c of arr(block.citations) ?? []) if (isObj(c) && c.type === 'web_search_result_location') add(c.url, c.title);
    }
  }
  return { text, sources: [...sources.values()], trace: parseAnthropic(body) };
}
