// Chat: threads (pinned first), streamed answers, pinning. The answer streams as Server-Sent
// Events from a POST (EventSource only GETs), so the typed client hands over the answer's body
// as a stream (`parseAs: 'stream'`) and a reader takes it apart.
import { Alert, LANG, Loading, Simulated, html, newKey, say, useAction, useEffect, useLoad, useRef, useState, call, client } from '../lib.js';
import { ModelStatus } from './settings-connections.js';

/** Splits an SSE buffer into complete events and the unfinished rest. */
export function parseSse(buffer) {
  const blocks = buffer.split(/\r?\n\r?\n/);
  const rest = blocks.pop();
  const events = blocks.map((block) => {
    let event = 'message';
    const data = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    try { return { event, data: JSON.parse(data.join('\n')) }; } catch { return { event, data: null }; }
  });
  return { events, rest };
}

/**
 * Sends one turn and reads its answer as it streams; the finish event's data at the end.
 * @param {import('../lib.js').Paths['/api/v1/chat']['post']['requestBody']['content']['application/json']} body
 * @param {(text: string) => void} onDelta
 */
async function stream(body, onDelta) {
  const events = await call(client.POST('/api/v1/chat', { params: { header: { 'idempotency-key': newKey() } }, body, parseAs: 'stream' }));
  const reader = events.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let finish = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const parsed = parseSse(buffer + value);
    buffer = parsed.rest;
    for (const { event, data } of parsed.events) {
      if (event === 'text-delta' && data) onDelta(data.text);
      else if (event === 'finish') finish = data;
    }
  }
  return finish;
}

const textOf = (m) => m.parts.filter((p) => p.type === 'text').map((p) => p.text).join('');

export function Chat({ workspace }) {
  const threads = useLoad(() => call(client.GET('/api/v1/threads', { params: { query: { workspace } } })), [workspace]);
  // Whether a model writes the replies: the same answer and sentence as Settings (one decision on the
  // server), the model by its display name, said in the page's language like the rest of the frame
  // (the replies are content: in the question's language, as the assistant wrote them).
  const model = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/model', { params: { path: { workspace } } })), [workspace]);
  const [current, setCurrent] = useState(null);
  const [messages, setMessages] = useState([]);
  const [draft, setDraft] = useState('');
  const [finish, setFinish] = useState(null);
  const action = useAction();
  // Sending has its own busy flag: the button says "Answering…" only while an answer streams.
  const sending = useAction();
  const log = useRef(null);
  const open = (id) => action.run(async () => {
    const t = await call(client.GET('/api/v1/threads/{id}', { params: { path: { id }, query: { workspace } } }));
    setCurrent(t); setMessages(t.messages); setFinish(null);
  });
  useEffect(() => { log.current?.scrollTo?.(0, log.current.scrollHeight); }, [messages]);
  const newThread = () => action.run(async () => {
    const t = await call(client.POST('/api/v1/threads', { body: { workspace } }));
    threads.reload(); setCurrent(t); setMessages(t.messages ?? []); setFinish(null);
  });
  const pin = (t) => action.run(async () => {
    await call(client.PATCH('/api/v1/threads/{id}', { params: { path: { id: t.id } }, body: { workspace, pinned: !t.pinned } }));
    threads.reload();
    if (current?.id === t.id) setCurrent({ ...current, pinned: !t.pinned });
  });
  const remove = () => action.run(async () => {
    if (!confirm(say('dashboard.chat.confirmDelete', { title: current.title }))) return;
    await call(client.DELETE('/api/v1/threads/{id}', { params: { path: { id: current.id }, query: { workspace } } }));
    setCurrent(null); setMessages([]); threads.reload();
  });
  const rename = (e) => {
    e.preventDefault();
    const title = String(new FormData(e.target).get('title')).trim();
    action.run(async () => {
      await call(client.PATCH('/api/v1/threads/{id}', { params: { path: { id: current.id } }, body: { workspace, title } }));
      setCurrent({ ...current, title }); threads.reload();
    });
  };
  const send = (e) => {
    e.preventDefault();
    const text = draft.trim();
    if (!text || !current) return;
    sending.run(async () => {
      const user = { id: newKey(), role: /** @type {const} */ ('user'), parts: [{ type: 'text', text }] };
      const answer = { id: 'streaming', role: 'assistant', parts: [{ type: 'text', text: '' }], metadata: {} };
      setDraft('');
      setMessages((m) => [...m, user, answer]);
      let acc = '';
      const done = await stream({ workspace, threadId: current.id, messages: [user] }, (delta) => {
        acc += delta;
        setMessages((m) => [...m.slice(0, -1), { ...answer, parts: [{ type: 'text', text: acc }] }]);
      });
      setFinish(done);
      threads.reload();
    });
  };
  const list = threads.data ?? [];
  // The list has the server's title (it names a thread after its first question).
  const shown = current ? { ...current, ...list.find((t) => t.id === current.id) } : null;
  return html`<h1>${say('dashboard.page.chat')}</h1>
    ${model.data ? html`<div class="model-line"><${ModelStatus} model=${model.data} language=${LANG} />${model.data.usable ? null : html` <a href=${`/w/${workspace}/settings#model`}>${say('chat.chooseModel')}</a>`}</div>` : null}
    <div class="chat">
      <nav class="threads" aria-label=${say('dashboard.chat.threads')}>
        <button type="button" onClick=${newThread} disabled=${action.busy || sending.busy}>${say('dashboard.chat.new')}</button>
        ${threads.loading && !threads.data ? html`<${Loading} />` : null}
        <ul class="plain">${list.map((t) => html`<li class=${current?.id === t.id ? 'active' : ''}>
          <button type="button" class="link" aria-current=${current?.id === t.id ? 'true' : undefined} onClick=${() => open(t.id)}>${t.pinned ? '📌 ' : ''}${t.title}</button>
          <button type="button" class="link small" aria-pressed=${t.pinned} onClick=${() => pin(t)}>${say(t.pinned ? 'dashboard.chat.unpin' : 'dashboard.chat.pin')}<span class="visually-hidden"> ${t.title}</span></button>
        </li>`)}</ul>
      </nav>
      <section class="conversation" aria-label=${say('dashboard.chat.conversation')}>
        ${current ? html`
          <div class="thread-head"><h2 id="thread-title">${shown.pinned ? say('dashboard.chat.pinned', { title: shown.title }) : shown.title}</h2>
            <details><summary>${say('dashboard.chat.renameOrDelete')}</summary>
              <form class="controls" onSubmit=${rename}><label>${say('dashboard.chat.newTitle')} <input name="title" required maxlength="100" key=${shown.id} defaultValue=${shown.title} /></label>
                <button type="submit" class="small" disabled=${action.busy || sending.busy}>${say('dashboard.chat.rename')}</button></form>
              <button type="button" class="secondary small" onClick=${remove} disabled=${action.busy || sending.busy}>${say('dashboard.chat.delete')}</button></details></div>
          <div class="log" ref=${log} role="log" aria-live="polite" id="chat-log">
            ${messages.map((m) => html`<div class=${`msg ${m.role}`}><span class="visually-hidden">${say(m.role === 'user' ? 'dashboard.chat.you' : 'dashboard.chat.assistant')} </span>${textOf(m)}
              ${m.metadata?.simulated ? html` <${Simulated} simulated />` : null}</div>`)}
          </div>
          ${finish?.finishReason === 'stopped_credits' ? html`<p class="alert" role="alert">${say('dashboard.chat.noCredit')} <a href=${`/w/${workspace}/settings#credits`}>${say('dashboard.runs.buy')}</a></p>` : null}
          <form class="composer" onSubmit=${send}>
            <label for="chat-input">${say('dashboard.chat.message')}</label>
            <textarea id="chat-input" rows="3" value=${draft} onInput=${(e) => setDraft(e.target.value)} placeholder=${say('dashboard.chat.placeholder')}></textarea>
            <button type="submit" disabled=${sending.busy || action.busy || !draft.trim()}>${say(sending.busy ? 'dashboard.chat.answering' : 'dashboard.chat.send')}</button>
          </form>` : html`<p>${say('dashboard.chat.pick')}</p>`}
        <${Alert} error=${sending.error ?? action.error ?? threads.error} />
      </section>
    </div>`;
}
