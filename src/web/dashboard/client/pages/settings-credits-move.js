// Settings → Credits: "Move credit from another client". An agency buys credit once and pays for
// its clients from it (docs/credits.md, "Moving credit between clients"): the other workspaces the
// person owns, each with what it has available, and an amount in dollars moved in one step.
import { html, newKey, say, sayCode, usd, useAction, useLoad, useState, call, client } from '../lib.js';
import { ErrorBox, Field, fieldErrors } from './settings-ui.js';

/** What a ledger entry is, in words ("Moved to acme-es", not `transfer_out`). */
export function entryWords(kind, counterpart) {
  if (kind === 'transfer_out' || kind === 'transfer_in') return say(kind === 'transfer_out' ? 'dashboard.credits.movedTo' : 'dashboard.credits.movedFrom', { known: counterpart ? 'yes' : 'no', client: counterpart ?? '' });
  return sayCode('dashboard.credits.kind', kind);
}

/** A client by its name, with its address when the name alone is not enough ("Acme (acme-es)"). */
const nameOf = (w) => (w.displayName && w.displayName !== w.id ? `${w.displayName} (${w.id})` : w.id);

export function MoveCredit({ slug, onMoved }) {
  // The other workspaces the person owns, with what each has available: only those can give credit.
  const sources = useLoad(async () => {
    const owned = (await call(client.GET('/api/v1/workspaces'))).filter((w) => w.role === 'owner' && w.id !== slug);
    return Promise.all(owned.map(async (w) => ({ ...w, balance: await call(client.GET('/api/v1/workspaces/{workspace}/credits/balance', { params: { path: { workspace: w.id } } })) })));
  }, [slug]);
  const [from, setFrom] = useState('');
  const [amount, setAmount] = useState('1');
  const action = useAction();
  const list = sources.data ?? [];
  if (sources.data && !list.length) return html`<p class="muted">${say('dashboard.credits.noSource')}</p>`;
  const chosen = list.find((w) => w.id === from) ?? list[0];
  const micros = Math.round(Number(amount) * 100) * 10_000;
  const move = (e) => {
    e.preventDefault();
    action.run(async () => {
      const done = await call(client.POST('/api/v1/workspaces/{workspace}/credits/transfer', { params: { path: { workspace: slug } }, body: { from: chosen.id, amountMicrousd: micros, idempotencyKey: newKey() } }));
      onMoved(say('dashboard.credits.moved', { amount: usd(done.amountMicrousd), client: nameOf(chosen) }));
      sources.reload();
    });
  };
  return html`<form class="controls" id="move-credit" onSubmit=${move}>
      <${Field} id="move-from" as="select" label=${say('dashboard.credits.from')} error=${fieldErrors(action.error).from} value=${chosen?.id ?? ''} onChange=${(e) => setFrom(e.target.value)}>
        ${list.map((w) => html`<option value=${w.id}>${say('dashboard.credits.fromOption', { client: nameOf(w), amount: usd(w.balance.availableMicrousd) })}</option>`)}
      </${Field}>
      <${Field} id="move-amount" label=${say('dashboard.credits.moveAmount')} type="number" min="0.01" step="0.01" required inputmode="decimal"
        error=${fieldErrors(action.error).amountMicrousd} value=${amount} onInput=${(e) => setAmount(e.target.value)} />
      <button type="submit" disabled=${action.busy || !chosen}>${say('dashboard.credits.move')}</button>
    </form>
    <${ErrorBox} error=${action.error ?? sources.error} />`;
}
