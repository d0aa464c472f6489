// Settings: credits — the balance, its course over the recent ledger (uPlot, with the same
// numbers in a table), metered operations, buying credits through the hosted checkout, the
// latest checkout receipts, and in local mock mode a test top-up.
import uPlot from 'uplot';
import { Loading, Notice, Section, html, newKey, say, sayCode, usd, useAction, useEffect, useLoad, useRef, useState, when, call, client, sayWith } from '../lib.js';
import { ErrorBox, Field, fieldErrors} from './settings-ui.js';
import { MoveCredit, entryWords } from './settings-credits-move.js';

/**
 * The balance after each ledger entry, oldest first. The ledger comes newest first and the
 * posted balance is the state after the newest entry, so the walk goes backwards from it.
 */
export function balanceCourse(ledger, postedMicrousd) {
  const out = [];
  let after = postedMicrousd;
  for (const e of ledger) {
    out.push({ at: e.createdAt, kind: e.kind, counterpart: e.counterpartWorkspace ?? null, amount: e.amountMicrousd, balance: after });
    after -= e.amountMicrousd;
  }
  return out.reverse();
}

function BalanceChart({ course }) {
  const box = useRef(null);
  useEffect(() => {
    if (!box.current || course.length < 2) return undefined;
    const width = () => Math.max(260, box.current.clientWidth);
    const plot = new uPlot({
      width: width(), height: 220,
      scales: { x: { time: true }, y: { range: (_u, min, max) => [0, Math.max(1, max * 1.1)] } },
      series: [{}, { label: say('dashboard.credits.balanceUsd'), stroke: '#0b57d0', width: 2, fill: 'rgba(11,87,208,0.12)', paths: uPlot.paths.stepped({ align: 1 }), points: { show: true, size: 5 } }],
      axes: [{}, { label: 'USD', values: (_u, ticks) => ticks.map((v) => usd(Math.round(v * 1e6))), size: 70 }],
    }, [course.map((p) => Date.parse(p.at) / 1000), course.map((p) => p.balance / 1e6)], box.current);
    const resize = () => plot.setSize({ width: width(), height: 220 });
    addEventListener('resize', resize);
    return () => { removeEventListener('resize', resize); plot.destroy(); };
  }, [course]);
  if (course.length < 2) return html`<p class="muted">${say('dashboard.credits.noChart')}</p>`;
  const first = course[0], last = course[course.length - 1];
  return html`<figure class="chart"><div ref=${box} class="plot credit-plot" role="img"
    aria-label=${say('dashboard.credits.chartLabel', { n: course.length, from: usd(first.balance), fromWhen: when(first.at), to: usd(last.balance), toWhen: when(last.at) })}></div></figure>`;
}

function Checkout({ slug, mode, onTopUp }) {
  const [amount, setAmount] = useState('10');
  const action = useAction();
  const cents = Math.round(Number(amount) * 100);
  const buy = (e) => { e.preventDefault(); action.run(async () => { location.assign((await call(client.POST('/api/v1/workspaces/{workspace}/billing/checkout', { params: { path: { workspace: slug } }, body: { amountMicrousd: cents * 10_000 } }))).url); }); };
  const topUp = () => action.run(async () => { await call(client.POST('/api/v1/workspaces/{workspace}/credits/top-up', { params: { path: { workspace: slug } }, body: { amountMicrousd: cents * 10_000, idempotencyKey: newKey() } })); onTopUp(say('dashboard.credits.toppedUp', { amount: usd(cents * 10_000) })); });
  return html`<form class="controls" onSubmit=${buy}>
      <${Field} id="checkout-amount" label=${say('dashboard.credits.amount')} type="number" min="5" max="500" step="0.01" required inputmode="decimal"
        hint=${say('dashboard.credits.amountHint')} error=${fieldErrors(action.error).amountMicrousd} value=${amount} onInput=${(e) => setAmount(e.target.value)} />
      <button type="submit" disabled=${action.busy || mode === 'none'}>${say('dashboard.credits.buy')}</button>
      ${mode === 'mock' ? html`<button type="button" class="secondary" disabled=${action.busy} onClick=${topUp}>${say('dashboard.credits.addTest')}</button>` : null}
    </form>
    ${mode === 'none' ? html`<p class="muted">${say('dashboard.credits.noProcessor')}</p>` : null}
    ${mode === 'mock' ? html`<p class="muted">${say('dashboard.credits.mock')}</p>` : null}
    <${ErrorBox} error=${action.error} />`;
}

export function Credits({ slug }) {
  const balance = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/credits/balance', { params: { path: { workspace: slug } } })), [slug]);
  const usage = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/credits/usage', { params: { path: { workspace: slug }, query: { limit: 50, days: 30 } } })), [slug]);
  const billing = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/billing/status', { params: { path: { workspace: slug } } })), [slug]);
  const [notice, setNotice] = useState('');
  const b = balance.data;
  const course = b && usage.data ? balanceCourse(usage.data.ledger, b.postedMicrousd) : [];
  const toppedUp = (text) => { setNotice(text); balance.reload(); usage.reload(); };
  return html`<${Section} id="credits" title=${say('dashboard.settings.nav.credits')}>
    ${b ? html`<p class="big">${sayWith('dashboard.credits.available', {}, { amount: html`<strong id="credit-available">${usd(b.availableMicrousd)}</strong>` })}</p><p class="muted">${(b.nextExpiryAt ? say('dashboard.credits.postedExpiry', { posted: usd(b.postedMicrousd), held: usd(b.heldMicrousd), when: when(b.nextExpiryAt) }) : say('dashboard.credits.posted', { posted: usd(b.postedMicrousd), held: usd(b.heldMicrousd) }))}</p>` : html`<${Loading} />`}
    ${usage.data && b ? html`<${BalanceChart} course=${course} />` : null}
    <h3>${say('dashboard.credits.buy')}</h3>
    ${billing.data ? html`<${Checkout} slug=${slug} mode=${billing.data.mode} onTopUp=${toppedUp} />` : html`<${ErrorBox} error=${billing.error} />`}
    <h3>${say('dashboard.onboarding.moveCredit')}</h3>
    <${MoveCredit} slug=${slug} onMoved=${toppedUp} />
    <${Notice}>${notice}</${Notice}>
    <details><summary>${say('dashboard.credits.operations')}</summary><div class="table-wrap"><table id="credit-operations"><thead><tr><th scope="col">${say('dashboard.credits.when')}</th><th scope="col">${say('dashboard.credits.operation')}</th><th scope="col">${say('dashboard.credits.status')}</th><th scope="col">${say('dashboard.credits.held')}</th><th scope="col">${say('dashboard.credits.charged')}</th></tr></thead>
      <tbody>${(usage.data?.operations ?? []).map((o) => html`<tr><td>${when(o.createdAt)}</td><th scope="row">${sayCode('dashboard.credits.op', o.operation)}</th><td>${sayCode('dashboard.credits.opStatus', o.status)}</td><td>${usd(o.reservedMicrousd)}</td><td>${usd(o.settledMicrousd)}</td></tr>`)}</tbody></table></div></details>
    <details><summary>${say('dashboard.credits.ledger')}</summary><div class="table-wrap"><table id="credit-ledger"><thead><tr><th scope="col">${say('dashboard.credits.when')}</th><th scope="col">${say('dashboard.credits.entry')}</th><th scope="col">${say('dashboard.credits.amountCol')}</th><th scope="col">${say('dashboard.credits.balanceAfter')}</th></tr></thead>
      <tbody>${[...course].reverse().map((p) => html`<tr><td>${when(p.at)}</td><th scope="row">${entryWords(p.kind, p.counterpart)}</th><td>${p.amount < 0 ? `−${usd(-p.amount)}` : usd(p.amount)}</td><td>${usd(p.balance)}</td></tr>`)}</tbody></table></div></details>
    ${billing.data?.receipts.length ? html`<details><summary>${say('dashboard.credits.receipts')}</summary><div class="table-wrap"><table id="receipts"><thead><tr><th scope="col">${say('dashboard.credits.started')}</th><th scope="col">${say('dashboard.credits.amountCol')}</th><th scope="col">${say('dashboard.credits.status')}</th><th scope="col">${say('dashboard.credits.completed')}</th></tr></thead>
      <tbody>${billing.data.receipts.map((r) => html`<tr><td>${when(r.createdAt)}</td><td>${usd(r.amountMicrousd)}</td><th scope="row">${sayCode('dashboard.credits.receipt', r.status)}</th><td>${when(r.completedAt)}</td></tr>`)}</tbody></table></div></details>` : null}
    <${ErrorBox} error=${balance.error ?? usage.error} /></${Section}>`;
}
