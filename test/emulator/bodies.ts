// Wire-format bodies of each provider the emulator stands in for, one small function per
// provider and shape, so that what a real provider returns (usage, citations, search calls) can be
// grown here without touching the server. Shapes follow the providers' API references.

export type EmulatedProvider = 'openai' | 'anthropic' | 'gemini' | 'perplexity' | 'serpapi' | 'dataforseo';
/** The core engines' providers, which the bench drives together; DataForSEO (opt-in engines) is emulated too, asked by name. */
export const EMULATED_PROVIDERS: readonly EmulatedProvider[] = ['openai', 'anthropic', 'gemini', 'perplexity', 'serpapi'];
/** What DataForSEO bills per Live task in the emulator (USD, the envelope's `cost`). */
export const DATAFORSEO_TASK_COST = 0.004;

/** What one answer is made of; usage is what the provider bills and the emulator counts. */
export interface Answer {
  text: string;
  sources: Array<{ url: string; title: string }>;
  model: string;
  query: string;
  usage: { inputTokens: number; outputTokens: number; searchCalls: number };
}

export function openaiResponse(a: Answer, id: string) {
  const searches = Array.from({ length: a.usage.searchCalls }, (_, i) => ({ type: 'web_search_call', id: `ws_${id}_${i}`, status: 'completed', action: { type: 'search', query: a.query } }));
  return {
    id: `resp_${id}`, object: 'response', created_at: Math.floor(Date.now() / 1000), model: a.model, status: 'completed',
    output: [
      ...searches,
      { type: 'message', id: `msg_${id}`, role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: a.text, annotations: a.sources.map((s) => ({ type: 'url_citation', url: s.url, title: s.title, start_index: 0, end_index: 1 })) }] },
    ],
    usage: { input_tokens: a.usage.inputTokens, output_tokens: a.usage.outputTokens, total_tokens: a.usage.inputTokens + a.usage.outputTokens, input_tokens_details: { cached_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 } },
  };
}

export function anthropicMessage(a: Answer, id: string) {
  const searches = Array.from({ length: a.usage.searchCalls }, (_, i) => [
    { type: 'server_tool_use', id: `srvtoolu_${id}_${i}`, name: 'web_search', input: { query: a.query } },
    { type: 'web_search_tool_result', tool_use_id: `srvtoolu_${id}_${i}`, content: a.sources.map((s) => ({ type: 'web_search_result', url: s.url, title: s.title, encrypted_content: 'e', page_age: null })) },
  ]).flat();
  return {
    id: `msg_${id}`, type: 'message', role: 'assistant', model: a.model, stop_reason: 'end_turn', stop_sequence: null,
    content: [...searches, { type: 'text', text: a.text, citations: a.sources.map((s) => ({ type: 'web_search_result_location', url: s.url, title: s.title, cited_text: a.text.slice(0, 20), encrypted_index: 'i' })) }],
    usage: { input_tokens: a.usage.inputTokens, output_tokens: a.usage.outputTokens, server_tool_use: { web_search_requests: a.usage.searchCalls } },
  };
}

export function geminiResponse(a: Answer) {
  return {
    candidates: [{
      content: { role: 'model', parts: [{ text: a.text }] }, finishReason: 'STOP', index: 0,
      groundingMetadata: { webSearchQueries: Array.from({ length: a.usage.searchCalls }, () => a.query), groundingChunks: a.sources.map((s) => ({ web: { uri: s.url, title: s.title } })) },
    }],
    usageMetadata: { promptTokenCount: a.usage.inputTokens, candidatesTokenCount: a.usage.outputTokens, totalTokenCount: a.usage.inputTokens + a.usage.outputTokens },
    modelVersion: a.model,
  };
}

export function perplexityCompletion(a: Answer, id: string) {
  return {
    id: `ppl_${id}`, model: a.model, created: Math.floor(Date.now() / 1000), object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content: a.text }, finish_reason: 'stop' }],
    citations: a.sources.map((s) => s.url),
    search_results: a.sources.map((s) => ({ title: s.title, url: s.url })),
    usage: { prompt_tokens: a.usage.inputTokens, completion_tokens: a.usage.outputTokens, total_tokens: a.usage.inputTokens + a.usage.outputTokens, search_context_size: 'low', num_search_queries: a.usage.searchCalls },
  };
}

export function serpapiSearch(a: Answer, id: string) {
  return {
    search_metadata: { id, status: 'Success' },
    search_parameters: { engine: 'google', q: a.query },
    ai_overview: {
      text_blocks: [{ type: 'paragraph', snippet: a.text }],
      references: a.sources.map((s) => ({ link: s.url, title: s.title })),
    },
  };
}

/** SerpAPI's Bing Copilot (`engine=bing_copilot`): top-level header, text_blocks and references. */
export function serpapiCopilot(a: Answer, id: string) {
  return {
    search_metadata: { id, status: 'Success' }, search_parameters: { engine: 'bing_copilot', q: a.query }, header: a.query,
    text_blocks: [{ type: 'paragraph', snippet: a.text, reference_indexes: a.sources.map((_s, i) => i) }],
    references: a.sources.map((s, i) => ({ index: i, link: s.url, title: s.title })),
  };
}

/** DataForSEO's envelope with one Live task: AI Mode's `ai_overview` item, or an LLM scraper's result (by path). */
export function dataforseoTask(a: Answer, id: string, path: string, taskStatus = 20000) {
  const refs = a.sources.map((s) => ({ type: 'ai_overview_reference', url: s.url, title: s.title, domain: new URL(s.url).hostname }));
  const result = path.includes('/ai_mode/')
    ? { keyword: a.query, type: 'ai_mode', items_count: 1, items: [{ type: 'ai_overview', markdown: a.text, items: [{ type: 'ai_overview_element', text: a.text, references: refs.slice(0, 1) }], references: refs }] }
    : {
      keyword: a.query, model: path.includes('/gemini/') ? 'gemini-3-flash' : 'gpt-5', markdown: a.text,
      ...(path.includes('/chat_gpt/') ? { fan_out_queries: [a.query], search_results: refs.map((r) => ({ ...r, type: 'chat_gpt_search_result' })) } : {}),
      sources: refs.slice(0, 1), items: [{ type: path.includes('/gemini/') ? 'gemini_text' : 'chat_gpt_text', markdown: a.text, sources: refs.slice(0, 1) }],
    };
  const ok = taskStatus === 20000;
  return {
    version: '0.1.emulator', status_code: 20000, status_message: 'Ok.', cost: ok ? DATAFORSEO_TASK_COST : 0, tasks_count: 1, tasks_error: ok ? 0 : 1,
    tasks: [{ id, status_code: taskStatus, status_message: ok ? 'Ok.' : 'You have reached your rate limit per minute.', cost: ok ? DATAFORSEO_TASK_COST : 0, result_count: ok ? 1 : 0, path: path.split('/').filter(Boolean), result: ok ? [result] : null }],
  };
}

export function answerBody(provider: EmulatedProvider, a: Answer, id: string, path = ''): unknown {
  switch (provider) {
    case 'openai': return openaiResponse(a, id);
    case 'anthropic': return anthropicMessage(a, id);
    case 'gemini': return geminiResponse(a);
    case 'perplexity': return perplexityCompletion(a, id);
    case 'serpapi': return path === 'bing_copilot' ? serpapiCopilot(a, id) : serpapiSearch(a, id);
    case 'dataforseo': return dataforseoTask(a, id, path);
  }
}

/** Each provider's error envelope; Gemini's 429 carries its RetryInfo (retryDelay) in details. */
export function errorBody(provider: EmulatedProvider, status: number, message: string, retryAfterS?: number): unknown {
  switch (provider) {
    case 'openai':
    case 'perplexity':
      return { error: { message, type: status === 429 ? 'rate_limit_exceeded' : 'server_error', param: null, code: status === 429 ? 'rate_limit_exceeded' : null } };
    case 'anthropic':
      return { type: 'error', error: { type: status === 429 ? 'rate_limit_error' : status === 529 ? 'overloaded_error' : 'api_error', message } };
    case 'gemini':
      return {
        error: {
          code: status, message, status: status === 429 ? 'RESOURCE_EXHAUSTED' : status === 503 ? 'UNAVAILABLE' : 'INTERNAL',
          ...(status === 429 && retryAfterS !== undefined ? { details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${retryAfterS}s` }] } : {}),
        },
      };
    case 'serpapi':
      return { error: message };
    case 'dataforseo':
      return { status_code: 50000, status_message: message, tasks: [] };
  }
}
