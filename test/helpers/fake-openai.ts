import { createServer, type IncomingMessage, type Server } from 'node:http';

// A local stand-in for an OpenAI-compatible chat completions API that streams: the real
// `@ai-sdk/openai` client talks to it over loopback. Each request is answered by a script step:
// streamed text at a fixed pace, tool calls, or an error after some tokens. A request with
// `stream: false` (the AI SDK's generateText) gets one JSON completion of the step's text, after
// `hold` settles when the step has one (a test's gate: it decides when the answer goes out).

export type Reply =
  | { text: string[]; paceMs?: number; firstTokenMs?: number; failAfter?: number; hold?: Promise<void>; status?: number }
  | { toolCalls: Array<{ name: string; args: Record<string, unknown> }> };

export interface FakeProvider {
  url: string;
  requests: Array<{ body: any; at: number }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** Wall-clock times (performance.now) at which each token of each response was written. */
  tokenTimes: number[][];
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function readBody(req: IncomingMessage) {
  let body = '';
  for await (const chunk of req) body += chunk;
  return JSON.parse(body || '{}');
}

export async function startFakeOpenAI(script: (body: any, call: number) => Reply): Promise<FakeProvider> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const requests: FakeProvider['requests'] = [];
  const tokenTimes: number[][] = [];
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const call = requests.length;
    requests.push({ body, at: performance.now() });
    const reply = script(body, call);
    const times: number[] = [];
    tokenTimes.push(times);
    if (!body.stream && 'text' in reply) {
      await reply.hold;
      if (res.destroyed) return;
      if (reply.status && reply.status !== 200) {
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ error: { message: reply.text.join(''), type: 'invalid_request_error' } }));
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({
        id: `chatcmpl-${call}`, object: 'chat.completion', created: 1_760_000_000, model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: reply.text.join('') }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 200, completion_tokens: reply.text.length, total_tokens: 200 + reply.text.length },
      }));
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const chunk = (delta: Record<string, unknown>, finish: string | null = null, usage?: Record<string, number>) =>
      `data: ${JSON.stringify({ id: `chatcmpl-${call}`, object: 'chat.completion.chunk', created: 1_760_000_000, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }], ...(usage ? { usage } : {}) })}\n\n`;
    let closed = false;
    res.on('close', () => (closed = true));
    if ('toolCalls' in reply) {
      res.write(chunk({ role: 'assistant', content: null, tool_calls: reply.toolCalls.map((t, i) => ({ index: i, id: `call_${call}_${i}`, type: 'function', function: { name: t.name, arguments: JSON.stringify(t.args) } })) }));
      res.write(chunk({}, 'tool_calls', { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 }));
      res.end('data: [DONE]\n\n');
      return;
    }
    res.write(chunk({ role: 'assistant', content: '' }));
    if (reply.firstTokenMs) await sleep(reply.firstTokenMs);
    for (const [i, token] of reply.text.entries()) {
      if (i > 0 && reply.paceMs) await sleep(reply.paceMs);
      if (closed) return;
      if (reply.failAfter !== undefined && i === reply.failAfter) {
        res.destroy(); // the provider drops the connection mid-answer
        return;
      }
      times.push(performance.now());
      res.write(chunk({ content: token }));
    }
    res.write(chunk({}, 'stop', { prompt_tokens: 200, completion_tokens: reply.text.length, total_tokens: 200 + reply.text.length }));
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
  return {
    url, requests, tokenTimes,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
