import type { LanguageModelV3, LanguageModelV3CallOptions, LanguageModelV3Content, LanguageModelV3StreamPart, LanguageModelV3Usage } from '@ai-sdk/provider';
import { abortableSleep } from '../engines/engines.service.ts';
import { estimateTokens } from './chat.fns.ts';
import { t } from '../../lib/messages/index.ts';
import type { ModelUnusable } from '../engines/model-resolver.ts';
import { noModelSentence } from './no-model.fns.ts';
import { readQuestion, type Asker } from './question.fns.ts';
import { planStep } from './simulated.fns.ts';

// The chat's model when no language model can be used (the model resolver's `status`): a
// LanguageModelV3 (the AI SDK's provider interface) that reads the conversation it is given,
// calls the workspace's tools by simple rules and answers with what they returned, in the
// question's language. It runs through the same `streamText` loop, tool calls, step leases and
// storage as a real model. Deterministic; words stream at a fixed pace.

export const SIMULATED_MODEL_ID = 'geo-simulated-v1';

interface Options {
  /** Delay before each streamed word (0 in tests that do not watch the pace). */
  tokenDelayMs: number;
  /** The scope each known tool needs, to say which one a credential lacks. */
  scopeOf(tool: string): string | undefined;
  /** The workspace the question is read against (brand, competitors and their aliases, languages). */
  asker: Asker;
  /** The model the workspace would use and why it cannot: said first in every turn (the words Settings shows). */
  standsInFor: { model: string; reason: ModelUnusable | null };
}

/** What the model was asked: the last user question and the tool outputs since it, by tool name. */
function readPrompt(prompt: LanguageModelV3CallOptions['prompt']) {
  let lastUser = prompt.length - 1;
  while (lastUser >= 0 && prompt[lastUser]!.role !== 'user') lastUser--;
  const question = lastUser < 0 ? '' : (prompt[lastUser]!.content as Array<{ type: string; text?: string }>).filter((p) => p.type === 'text').map((p) => p.text).join('\n');
  const done = new Map<string, unknown>();
  for (const message of prompt.slice(lastUser + 1)) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-result') continue;
      const out = part.output;
      done.set(part.toolName, out.type === 'json' ? out.value : out.type === 'text' ? out.value : { error: { message: 'value' in out ? String(out.value) : 'refused' } });
    }
  }
  return { question, done };
}

function usageOf(inputChars: number, outputChars: number): LanguageModelV3Usage {
  const input = estimateTokens(inputChars);
  const output = estimateTokens(outputChars);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: output, text: output, reasoning: 0 },
  };
}

/** One step's content: tool calls (with a short preface), or the answer; the first step starts with why there is no model. */
function stepContent(options: LanguageModelV3CallOptions, step: number, opts: Options): { content: LanguageModelV3Content[]; toolCalls: boolean } {
  const { question, done } = readPrompt(options.prompt);
  const language = readQuestion(question, opts.asker).language;
  const offered = new Set((options.tools ?? []).map((tool) => tool.name));
  // The last allowed step is asked for text only (toolChoice none): answer with what is in.
  const plan = options.toolChoice?.type === 'none'
    ? planStep(question, opts.asker, new Set(done.keys()), done, () => undefined)
    : planStep(question, opts.asker, offered, done, opts.scopeOf);
  // Said first, so that nobody mistakes figures put together without a model for a model's answer.
  const notice = step === 0 ? `${noModelSentence(language, opts.standsInFor.model, opts.standsInFor.reason)}\n\n` : '';
  if (plan.kind === 'answer') return { content: [{ type: 'text', text: `${notice}${plan.text}` }], toolCalls: false };
  return {
    toolCalls: true,
    content: [
      { type: 'text', text: `${notice}${t(language, done.size ? 'chat.prefaceMore' : 'chat.preface')} ` },
      ...plan.calls.map((c, i) => ({ type: 'tool-call' as const, toolCallId: `call_${step}_${i}_${c.tool}`, toolName: c.tool, input: JSON.stringify(c.input) })),
    ],
  };
}

export function createSimulatedChatModel(opts: Options): LanguageModelV3 {
  let step = 0;
  return {
    specificationVersion: 'v3',
    provider: 'geo-simulated',
    modelId: SIMULATED_MODEL_ID,
    supportedUrls: {},

    async doGenerate(options) {
      const { content, toolCalls } = stepContent(options, step++, opts);
      const outputChars = JSON.stringify(content).length;
      return {
        content, warnings: [],
        finishReason: { unified: toolCalls ? 'tool-calls' : 'stop', raw: toolCalls ? 'tool_calls' : 'stop' },
        usage: usageOf(JSON.stringify(options.prompt).length, outputChars),
      };
    },

    async doStream(options) {
      const { content, toolCalls } = stepContent(options, step++, opts);
      const signal = options.abortSignal ?? new AbortController().signal;
      const inputChars = JSON.stringify(options.prompt).length;
      const stream = new ReadableStream<LanguageModelV3StreamPart>({
        async start(controller) {
          try {
            controller.enqueue({ type: 'stream-start', warnings: [] });
            let outputChars = 0;
            for (const [i, part] of content.entries()) {
              if (part.type === 'text') {
                const id = `txt_${i}`;
                controller.enqueue({ type: 'text-start', id });
                for (const word of part.text.match(/^\s*\S+\s*|\S+\s*/g) ?? []) {
                  await abortableSleep(opts.tokenDelayMs, signal);
                  controller.enqueue({ type: 'text-delta', id, delta: word });
                  outputChars += word.length;
                }
                controller.enqueue({ type: 'text-end', id });
              } else if (part.type === 'tool-call') {
                controller.enqueue(part);
                outputChars += part.input.length + part.toolName.length;
              }
            }
            controller.enqueue({
              type: 'finish', usage: usageOf(inputChars, outputChars),
              finishReason: { unified: toolCalls ? 'tool-calls' : 'stop', raw: toolCalls ? 'tool_calls' : 'stop' },
            });
            controller.close();
          } catch (err) {
            controller.error(err);
          }
        },
      });
      return { stream };
    },
  };
}
