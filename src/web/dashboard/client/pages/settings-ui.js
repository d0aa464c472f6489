// Small pieces the settings sections share: per-field validation messages from the error
// envelope, labelled inputs that point at their message, and the error box.
import { html, say, useAction, useEffect, useRef, useState } from '../lib.js';

/**
 * The envelope's validation details (`details.errors[]` of `{field: 'body.domains[0]', message}`)
 * by the top field of the body (`cron`, `domains`), so that each input can show its own message.
 */
export function fieldErrors(error) {
  const out = {};
  const d = error?.details;
  // Request validation says `errors`, the schedule check `fields`, the webhook fetcher one `field`.
  const items = d?.errors ?? d?.fields ?? (typeof d?.field === 'string' ? [{ field: d.field, message: error.message }] : []);
  for (const e of items) {
    const key = String(e.field ?? '').replace(/^body\.?/, '').split(/[.[]/)[0] || '_';
    out[key] = out[key] ? `${out[key]}; ${e.message}` : e.message;
  }
  // Some services' checks name the field only at the start of the message (`body.allowedCidrs[0] …`).
  const named = !items.length && error?.code === 'invalid_request' ? /^body\.([A-Za-z]+)/.exec(error.message ?? '') : null;
  if (named) out[named[1]] = error.message;
  return out;
}

/**
 * The error of a form: the envelope's message, and for a conflict (409) a hint that the page is
 * showing what is stored now. Field messages are shown beside their inputs as well.
 */
export function ErrorBox({ error, conflict = say('dashboard.settings.conflict') }) {
  if (!error) return null;
  const hint = error.status === 409 || error.code === 'not_found' ? ` ${conflict}` : '';
  return html`<p class="alert" role="alert">${error.message ?? String(error)}${hint}</p>`;
}

/**
 * A labelled input (or select/textarea via `as`) with its validation message tied to it by
 * aria-describedby, so that a screen reader reads the message with the field.
 */
export function Field({ id, label, error, hint, as = 'input', children, ...props }) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-err` : ''].filter(Boolean).join(' ') || undefined;
  const common = { id, 'aria-invalid': error ? 'true' : undefined, 'aria-describedby': described, ...props };
  const control = as === 'select' ? html`<select ...${common}>${children}</select>`
    : as === 'textarea' ? html`<textarea ...${common}></textarea>` : html`<input ...${common} />`;
  return html`<div class="field"><label for=${id}>${label}</label>${control}
    ${hint ? html`<small id=${`${id}-hint`} class="muted">${hint}</small>` : null}
    ${error ? html`<small id=${`${id}-err`} class="field-error">${error}</small>` : null}</div>`;
}

/** A comma separated text as a clean list. */
export const list = (text) => String(text ?? '').split(',').map((s) => s.trim()).filter(Boolean);

/** Asks before a destructive action; the browser's own dialog is keyboard and screen-reader ready. */
export const sure = (question) => window.confirm(question);

/** A ref for a form opened in place: its first field takes the focus, so keyboard users land in it. */
export function useFocusFirst() {
  const ref = useRef(null);
  useEffect(() => { ref.current?.querySelector('input, select, textarea')?.focus(); }, []);
  return ref;
}

/**
 * Edits of a loaded list (competitors, prompts): `run(where, fn, text)` runs one write, says
 * `text` when it worked, and reloads the list either way (a refusal may mean someone else moved
 * it). `errorOf` names the item (or 'add') whose form shows the error.
 */
export function useListEdits(loaded) {
  const [notice, setNotice] = useState('');
  const [errorOf, setErrorOf] = useState(null);
  const action = useAction();
  const run = (where, fn, text) => {
    setNotice(''); setErrorOf(where);
    return action.run(async () => { await fn(); setNotice(text); loaded.reload(); return true; })
      .then((ok) => { if (!ok) loaded.reload(); return ok; });
  };
  return { action, notice, errorOf, run };
}
