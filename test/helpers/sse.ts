import type { FastifyInstance } from 'fastify';

// A real HTTP client for Server-Sent Events: the app listens on a loopback port and the stream
// is read as it arrives, so buffering, ordering and disconnects are what a browser would see.

export interface SseEvent {
  event: string;
  data: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export async function listen(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address.replace('localhost', '127.0.0.1');
}

/** Parses SSE text into events; comment lines are counted apart. */
export function parseSse(text: string): { events: SseEvent[]; comments: number; malformed: string[] } {
  const events: SseEvent[] = [];
  const malformed: string[] = [];
  let comments = 0;
  for (const block of text.split('\n\n')) {
    if (!block) continue;
    const lines = block.split('\n');
    if (lines.every((l) => l.startsWith(':'))) {
      comments += lines.length;
      continue;
    }
    const name = lines[0]?.startsWith('event: ') ? lines[0].slice(7) : null;
    const data = lines[1]?.startsWith('data: ') ? lines[1].slice(6) : null;
    if (name === null || data === null || lines.length !== 2) {
      malformed.push(block);
      continue;
    }
    events.push({ event: name, data: JSON.parse(data) });
  }
  return { events, comments, malformed };
}

export interface ChatCall {
  status: number;
  headers: Headers;
  /** Set when the answer is not a stream (a JSON error). */
  json?: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  events: SseEvent[];
  comments: number;
  malformed: string[];
  raw: string;
}

/**
 * Reads an SSE body incrementally (each block parsed once): `onEvent` sees each event as it
 * arrives, with the time it was read, and may return 'close' to stop reading there.
 */
export async function readSse(body: ReadableStream<Uint8Array>, onEvent: (e: SseEvent, at: number) => 'close' | void) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let raw = '';
  const out = { events: [] as SseEvent[], comments: 0, malformed: [] as string[], raw: '', closed: false };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const at = performance.now();
    const text = decoder.decode(value, { stream: true });
    raw += text;
    buffer += text;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const parsed = parseSse(buffer.slice(0, end + 2));
      buffer = buffer.slice(end + 2);
      out.comments += parsed.comments;
      out.malformed.push(...parsed.malformed);
      for (const e of parsed.events) {
        out.events.push(e);
        if (onEvent(e, at) === 'close') {
          out.closed = true;
          await reader.cancel();
          out.raw = raw;
          return out;
        }
      }
    }
  }
  out.raw = raw;
  return out;
}

/**
 * POSTs a chat turn and reads the whole stream. `onEvent` sees each event as it arrives and may
 * return 'close' to disconnect there (the client going away mid-stream).
 */
export async function postChat(base: string, body: unknown, headers: Record<string, string>, onEvent?: (e: SseEvent) => 'close' | void): Promise<ChatCall> {
  const res = await fetch(`${base}/api/v1/chat`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) {
    return { status: res.status, headers: res.headers, json: await res.json(), events: [], comments: 0, malformed: [], raw: '' };
  }
  const read = await readSse(res.body!, (e) => onEvent?.(e));
  return { status: res.status, headers: res.headers, events: read.events, comments: read.comments, malformed: read.malformed, raw: read.raw };
}

export const userMessage = (id: string, text: string) => ({ id, role: 'user', parts: [{ type: 'text', text }] });
