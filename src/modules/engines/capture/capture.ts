import { ENGINE_IDS, OPTIONAL_ENGINE_IDS, type EngineId } from '../catalogue.ts';
import { parseAnthropic } from './anthropic.fns.ts';
import { parseChatCompletions } from './chat.fns.ts';
import { parseGemini } from './gemini.fns.ts';
import { parseResponses } from './responses.fns.ts';
import { TraceBuilder, type AnswerTrace, type Surface } from './trace.ts';

// Which wire format each engine answers in, and which surface it measures. An engine's surface
// is part of what it is: `api` engines ask a provider's API with its search tool, `product`
// engines read the consumer answer as served on the web through a results provider.

export const ENGINE_SURFACE: Record<EngineId, Surface> = {
  chatgpt: 'api', perplexity: 'api', gemini: 'api', claude: 'api', grok: 'api', 'openai-compatible': 'api',
  'google-aio': 'product', 'google-ai-mode': 'product', copilot: 'product',
  'dataforseo-ai-mode': 'product', 'dataforseo-chatgpt': 'product', 'dataforseo-gemini': 'product',
};

/** Every engine id with its surface, for the OpenAPI descriptions of engine parameters. */
export const ENGINES_WITH_SURFACE = `core ${ENGINE_IDS.map((id) => `${id} (${ENGINE_SURFACE[id]})`).join(', ')}; optional (run only when GEO_OPTIONAL_ENGINES lists them) ${OPTIONAL_ENGINE_IDS.map((id) => `${id} (${ENGINE_SURFACE[id]})`).join(', ')}`;

type ModelEngine = Exclude<EngineId, 'google-aio' | 'google-ai-mode' | 'copilot' | 'dataforseo-ai-mode' | 'dataforseo-chatgpt' | 'dataforseo-gemini'>;
const PARSERS: Record<ModelEngine, (body: unknown) => AnswerTrace> = {
  chatgpt: (b) => parseResponses(b, 'openai-responses'),
  grok: (b) => parseResponses(b, 'xai-responses'),
  claude: parseAnthropic,
  gemini: parseGemini,
  perplexity: (b) => parseChatCompletions(b, 'perplexity-chat'),
  'openai-compatible': (b) => parseChatCompletions(b, 'openai-chat'),
};

/** The trace of one model engine's answer from its raw response body (the results-provider engines build theirs with the text). */
export function traceOf(engine: ModelEngine, body: unknown): AnswerTrace {
  if (body === undefined || body === null) {
    const b = new TraceBuilder(`${engine}-unavailable`, ENGINE_SURFACE[engine]);
    b.warn('the provider response body was not available: nothing of the search was captured');
    return b.done();
  }
  // Some SDK paths hand the body over as text.
  if (typeof body === 'string') {
    try {
      return PARSERS[engine](JSON.parse(body));
    } catch {
      return PARSERS[engine](null);
    }
  }
  return PARSERS[engine](body);
}
