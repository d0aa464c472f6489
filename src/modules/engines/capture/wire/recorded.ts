// Provider responses as their API references document them (OpenAI Responses with web search,
// Anthropic Messages with web_search_20250305, Gemini generateContent with google_search
// grounding, Perplexity Sonar chat completions and Agent API, xAI Responses, SerpAPI Google AI
// Overview and AI Mode, OpenAI chat completions with url_citation annotations). Shared by the
// parser tests and the loopback fakes of the engine tests. Only the fields that matter are kept.

export const ANSWER = 'Acme is the best choice; Globex is slower.';

export const openaiResponses = {
  id: 'resp_1', object: 'response', created_at: 1_760_000_000, model: 'gpt-4.1-mini-2025-04-14', status: 'completed',
  output: [
    { type: 'web_search_call', id: 'ws_1', status: 'completed', action: { type: 'search', query: 'best crm', sources: [{ type: 'url', url: 'https://acme.com/pricing' }, { type: 'url', url: 'https://www.g2.com/categories/crm' }] } },
    { type: 'web_search_call', id: 'ws_2', status: 'completed', action: { type: 'search', query: 'crm reviews reddit', queries: ['crm reviews reddit', 'crm for startups'], sources: [{ type: 'url', url: 'https://reddit.com/r/crm' }] } },
    { type: 'web_search_call', id: 'ws_3', status: 'completed', action: { type: 'open_page', url: 'https://globex.com/features' } },
    { type: 'message', id: 'msg_1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: ANSWER, annotations: [{ type: 'url_citation', url: 'https://acme.com/pricing', title: 'Acme pricing', start_index: 0, end_index: 23 }] }] },
  ],
  usage: { input_tokens: 310, output_tokens: 42, total_tokens: 352, input_tokens_details: { cached_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 } },
};

export const xaiResponses = {
  id: 'resp_x', object: 'response', created_at: 1_760_000_000, model: 'grok-4.3-0709', status: 'completed',
  output: [
    { type: 'web_search_call', id: 'ws_x1', status: 'completed', name: 'web_search', arguments: '{"query":"best crm 2026"}', call_id: '' },
    { type: 'message', id: 'msg_x', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: ANSWER, annotations: [{ type: 'url_citation', url: 'https://globex.com/features', title: 'Globex' }] }] },
  ],
  usage: { input_tokens: 200, output_tokens: 30, total_tokens: 230, num_sources_used: 4 },
};

export const anthropicMessages = {
  id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-sonnet-4-5-20250929', stop_reason: 'end_turn', stop_sequence: null,
  content: [
    { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'best crm' } },
    { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_1', content: [
      { type: 'web_search_result', url: 'https://g2.com/crm', title: 'G2 CRM', encrypted_content: 'x', page_age: null },
      { type: 'web_search_result', url: 'https://acme.com/', title: 'Acme', encrypted_content: 'x', page_age: 'April 1, 2026' },
    ] },
    { type: 'text', text: 'Acme is the best choice; ', citations: [{ type: 'web_search_result_location', url: 'https://g2.com/crm', title: 'G2 CRM', cited_text: 'Acme', encrypted_index: 'y' }] },
    { type: 'text', text: 'Globex is slower.' },
  ],
  usage: { input_tokens: 900, output_tokens: 60, server_tool_use: { web_search_requests: 1 } },
};

export const geminiGenerate = {
  candidates: [{
    content: { role: 'model', parts: [{ text: ANSWER }] }, finishReason: 'STOP', index: 0,
    groundingMetadata: {
      webSearchQueries: ['best crm', 'crm comparison 2026'],
      groundingChunks: [
        { web: { uri: 'https://vertexaisearch.cloud.google.com/grounding-api-redirect/AbC', title: 'techradar.com' } },
        { web: { uri: 'https://acme.com/features', title: 'Acme features', domain: 'acme.com' } },
      ],
      groundingSupports: [{ segment: { startIndex: 0, endIndex: 23, text: 'Acme is the best choice' }, groundingChunkIndices: [0], confidenceScores: [0.9] }],
    },
  }],
  usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 12, totalTokenCount: 22, toolUsePromptTokenCount: 5 },
  modelVersion: 'gemini-2.5-flash-001',
};

export const perplexitySonar = {
  id: 'ppl_1', model: 'sonar', created: 1_760_000_000, object: 'chat.completion',
  choices: [{ index: 0, message: { role: 'assistant', content: 'Acme is the best choice [1]. Globex is slower [2][3].' }, finish_reason: 'stop' }],
  citations: ['https://acme.com/', 'https://globex.com/features', 'https://reddit.com/r/crm'],
  search_results: [
    { title: 'Acme', url: 'https://acme.com/', date: '2026-03-01' },
    { title: 'Globex features', url: 'https://globex.com/features', date: null },
    { title: 'r/crm', url: 'https://reddit.com/r/crm', date: '2025-11-02' },
    { title: 'Capterra CRM', url: 'https://capterra.com/crm', date: null },
  ],
  usage: { prompt_tokens: 10, completion_tokens: 12, total_tokens: 22, search_context_size: 'low', num_search_queries: 1 },
};

export const perplexityAgent = {
  id: 'resp_p', object: 'response', created_at: 1_760_000_000, model: 'openai/gpt-5-mini', status: 'completed',
  output: [
    { type: 'search_results', queries: ['best crm'], results: [{ id: 1, url: 'https://acme.com/', title: 'Acme', snippet: '…' }] },
    { type: 'message', id: 'm', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: ANSWER, annotations: [{ type: 'url_citation', url: 'https://acme.com/', title: 'Acme', start_index: 0, end_index: 4 }] }] },
  ],
  usage: { input_tokens: 5, output_tokens: 9, total_tokens: 14 },
};

export const openaiChat = {
  id: 'chatcmpl_1', object: 'chat.completion', created: 1_760_000_000, model: 'deepseek-chat-v3',
  choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: ANSWER, annotations: [{ type: 'url_citation', url_citation: { url: 'https://acme.com/', title: 'Acme', start_index: 0, end_index: 4 } }] } }],
  usage: { prompt_tokens: 7, completion_tokens: 11, total_tokens: 18 },
};

export const serpOverview = {
  search_metadata: { status: 'Success' },
  ai_overview: {
    text_blocks: [
      { type: 'paragraph', snippet: 'Acme is the best choice for most teams.', reference_indexes: [0] },
      { type: 'list', list: [{ title: 'Globex', snippet: 'slower but cheaper', reference_indexes: [1] }] },
    ],
    references: [
      { title: 'Acme', link: 'https://acme.com/', snippet: '…', source: 'Acme', index: 0 },
      { title: 'Reddit', link: 'https://reddit.com/r/crm', snippet: '…', source: 'Reddit', index: 1 },
      { title: 'Wikipedia', link: 'https://en.wikipedia.org/wiki/CRM', snippet: '…', source: 'Wikipedia', index: 2 },
    ],
  },
};

export const serpAiMode = {
  search_metadata: { status: 'Success' },
  text_blocks: [
    { type: 'paragraph', snippet: 'Acme leads for small teams.', reference_indexes: [0, 1] },
    { type: 'list', list: [{ snippet: 'Globex: cheaper', reference_indexes: [2] }] },
  ],
  references: [
    { title: 'Acme', link: 'https://acme.com/pricing', index: 0 },
    { title: 'G2', link: 'https://g2.com/crm', index: 1 },
    { title: 'Globex', link: 'https://globex.com/', index: 2 },
  ],
};

// SerpAPI `engine=bing_copilot` (serpapi.com/bing-copilot-api: a top-level `header`, `text_blocks`
// — headings, paragraphs, lists, tables, code blocks — and `references`; the block and reference
// fields are those of SerpAPI's AI Mode answers, as clients of the engine read them).
export const serpCopilot = {
  search_metadata: { status: 'Success' },
  search_parameters: { engine: 'bing_copilot', q: 'best crm' },
  header: 'Best CRM for small teams',
  text_blocks: [
    { type: 'paragraph', snippet: 'Acme is the easiest to adopt.', reference_indexes: [0] },
    { type: 'heading', snippet: 'Alternatives' },
    { type: 'list', list: [{ snippet: 'Globex: cheaper, fewer integrations', reference_indexes: [1, 2] }] },
  ],
  references: [
    { index: 0, title: 'Acme pricing', link: 'https://acme.com/pricing', snippet: '…', source: 'acme.com' },
    { index: 1, title: 'Globex', link: 'https://globex.com/', snippet: '…', source: 'globex.com' },
    { index: 2, title: 'r/sales', link: 'https://www.reddit.com/r/sales/', snippet: '…', source: 'reddit.com' },
    { index: 3, title: 'Capterra', link: 'https://capterra.com/crm', snippet: '…', source: 'capterra.com' },
  ],
};

/** DataForSEO's envelope around one Live task's result. */
const dataForSeoEnvelope = (path: string, result: unknown) => ({
  version: '0.1.20261101', status_code: 20000, status_message: 'Ok.', time: '5.1 sec.', cost: 0.004, tasks_count: 1, tasks_error: 0,
  tasks: [{ id: '11271200-1535-0139-0000-6a3c2b1e0d01', status_code: 20000, status_message: 'Ok.', time: '5.0 sec.', cost: 0.004, result_count: 1, path: path.split('/').filter(Boolean), data: { api: path.split('/')[2] }, result: [result] }],
});

// DataForSEO Google AI Mode SERP Live Advanced (docs.dataforseo.com/v3/serp/google/ai_mode/live/advanced).
export const dataforseoAiMode = dataForSeoEnvelope('/v3/serp/google/ai_mode/live/advanced', {
  keyword: 'best crm', type: 'ai_mode', se_domain: 'google.com', location_code: 2840, language_code: 'en', check_url: 'https://www.google.com/search?q=best+crm&udm=50',
  datetime: '2026-11-27 05:00:00 +00:00', item_types: ['ai_overview'], se_results_count: 0, items_count: 1,
  items: [{
    type: 'ai_overview', rank_group: 1, rank_absolute: 1, markdown: 'Acme leads for small teams.\n\nGlobex is cheaper.',
    items: [
      { type: 'ai_overview_element', title: null, text: 'Acme leads for small teams.', markdown: 'Acme leads for small teams.', references: [{ type: 'ai_overview_reference', source: 'Acme', domain: 'acme.com', url: 'https://acme.com/pricing', title: 'Acme pricing', text: '…' }] },
      { type: 'ai_overview_element', text: 'Globex is cheaper.', references: [{ type: 'ai_overview_reference', source: 'Globex', domain: 'globex.com', url: 'https://globex.com/', title: 'Globex' }] },
    ],
    references: [
      { type: 'ai_overview_reference', source: 'G2', domain: 'www.g2.com', url: 'https://www.g2.com/categories/crm', title: 'Best CRM software', text: '…' },
      { type: 'ai_overview_reference', source: 'Acme', domain: 'acme.com', url: 'https://acme.com/pricing', title: 'Acme pricing', text: '…' },
    ],
  }],
});

// DataForSEO ChatGPT LLM Scraper Live Advanced (docs.dataforseo.com/v3/ai_optimization/chat_gpt/llm_scraper/live/advanced).
export const dataforseoChatgpt = dataForSeoEnvelope('/v3/ai_optimization/chat_gpt/llm_scraper/live/advanced', {
  keyword: 'best crm', location_code: 2840, language_code: 'en', model: 'gpt-5', check_url: 'https://chatgpt.com/?q=best+crm', datetime: '2026-11-27 05:00:00 +00:00',
  markdown: 'Acme is the best choice for small teams.\n\nGlobex is slower.',
  search_results: [
    { type: 'chat_gpt_search_result', url: 'https://www.g2.com/categories/crm', domain: 'www.g2.com', title: 'Best CRM', description: '…' },
    { type: 'chat_gpt_search_result', url: 'https://acme.com/pricing', domain: 'acme.com', title: 'Acme pricing', description: '…' },
    { type: 'chat_gpt_search_result', url: 'https://reddit.com/r/crm', domain: 'reddit.com', title: 'r/crm', description: '…' },
  ],
  sources: [{ type: 'chat_gpt_source', title: 'Acme pricing', snippet: '…', domain: 'acme.com', url: 'https://acme.com/pricing', source_name: 'Acme' }],
  fan_out_queries: ['best crm 2026', 'crm for small teams'],
  item_types: ['chat_gpt_text'], items_count: 2,
  items: [
    { type: 'chat_gpt_text', rank_group: 1, rank_absolute: 1, markdown: 'Acme is the best choice for small teams.', sources: [{ type: 'chat_gpt_source', title: 'Acme pricing', domain: 'acme.com', url: 'https://acme.com/pricing' }] },
    { type: 'chat_gpt_text', rank_group: 2, rank_absolute: 2, markdown: 'Globex is slower.', sources: [] },
  ],
});

// DataForSEO Gemini LLM Scraper Live Advanced (docs.dataforseo.com/v3/ai_optimization/gemini/llm_scraper/live/advanced):
// no search results and no fan-out queries in its result.
export const dataforseoGemini = dataForSeoEnvelope('/v3/ai_optimization/gemini/llm_scraper/live/advanced', {
  keyword: 'best crm', location_code: 2840, language_code: 'en', model: 'gemini-3-flash', datetime: '2026-11-27 05:00:00 +00:00',
  markdown: 'Acme is the best choice. Globex is slower.',
  sources: [
    { type: 'gemini_source', title: 'Globex features', domain: 'globex.com', url: 'https://globex.com/features', source_name: 'Globex' },
    { type: 'gemini_source', title: 'Wikipedia', domain: 'en.wikipedia.org', url: 'https://en.wikipedia.org/wiki/CRM' },
  ],
  item_types: ['gemini_text'], items_count: 1,
  items: [{ type: 'gemini_text', rank_group: 1, rank_absolute: 1, markdown: 'Acme is the best choice. Globex is slower.', sources: [{ type: 'gemini_source', title: 'Globex features', domain: 'globex.com', url: 'https://globex.com/features' }] }],
});
