// The last onboarding step: the prompts the new workspace starts with — the template
// set made at creation, editable and switchable off, plus what the site suggests (GET
// …/prompts/proposals, free) — then the first run, quoted before it starts.
import { CategoryBox } from './onboarding-category.js';
import { CompetitorCheck } from './onboarding-research.js';
import { MoveCredit } from './settings-credits-move.js';
import { Alert, Loading, fmt, html, newKey, say, sayCode, usd, useAction, useEffect, useLoad, useState, call, client, sayWith } from '../lib.js';

const PRESETS = /** @type {const} */ (['lite', 'smoke']);

async function loadPrompts(slug) {
  const [active, proposals, balance] = await Promise.all([
    call(client.GET('/api/v1/workspaces/{workspace}/prompts', { params: { path: { workspace: slug }, query: { active: true, limit: 300, offset: 0 } } })),
    // Proposals are a help, not a requirement: without them the set made at creation is used.
    call(client.GET('/api/v1/workspaces/{workspace}/prompts/proposals', { params: { path: { workspace: slug } } })).catch(() => null),
    call(client.GET('/api/v1/workspaces/{workspace}/credits/balance', { params: { path: { workspace: slug } } })).catch(() => null),
  ]);
  // Template proposals repeat the set made at creation: only what the site and others add is new.
  return { active: active.prompts, proposals: (proposals?.proposals ?? []).filter((p) => p.source !== 'template'), balance };
}

export function PromptsStep({ slug, simulatedCompetitors = false }) {
  const loaded = useLoad(() => loadPrompts(slug), [slug]);
  const [edits, setEdits] = useState({});
  const [off, setOff] = useState({});
  const [picked, setPicked] = useState({});
  const [preset, setPreset] = useState(/** @type {'lite' | 'smoke'} */ ('lite'));
  const [chosen, setChosen] = useState(false);
  const [tick, setTick] = useState(0);
  const quote = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/runs/quote', { params: { path: { workspace: slug }, query: { preset, samples: 1, batch: false } } })), [slug, preset, tick]);
  // A first run the credit left cannot pay is no proposal: the smoke run is offered instead, once.
  const balance = loaded.data?.balance;
  useEffect(() => {
    if (!chosen && preset === 'lite' && quote.data && balance && balance.availableMicrousd < quote.data.estimateMicrousd) {
      setChosen(true);
      setPreset('smoke');
    }
  }, [quote.data, balance]);
  const action = useAction();
  const [saved, setSaved] = useState(false);
  const [moved, setMoved] = useState('');

  const start = (e) => {
    e.preventDefault();
    action.run(async () => {
      if (!saved) {
        const { active, proposals } = loaded.data;
        for (const p of active) {
          const text = edits[p.id]?.trim();
          const patch = { ...(text && text !== p.text ? { text } : {}), ...(off[p.id] ? { active: false } : {}) };
          if (Object.keys(patch).length) await call(client.PATCH('/api/v1/workspaces/{workspace}/prompts/{id}', { params: { path: { workspace: slug, id: p.id } }, body: patch }));
        }
        for (const [i, text] of Object.entries(picked)) {
          const p = proposals[Number(i)];
          if (text !== undefined) await call(client.POST('/api/v1/workspaces/{workspace}/prompts', { params: { path: { workspace: slug } }, body: { text: text.trim(), intent: p.intent, language: p.language } }));
        }
        setSaved(true);
        // The set changed: the run is started only at the price shown, so a higher one is shown first.
        const fresh = await call(client.GET('/api/v1/workspaces/{workspace}/runs/quote', { params: { path: { workspace: slug }, query: { preset, samples: 1, batch: false } } }));
        if (fresh.estimateMicrousd > (quote.data?.estimateMicrousd ?? 0)) {
          setTick((t) => t + 1);
          throw new Error(say('dashboard.onboarding.repriced', { price: usd(fresh.estimateMicrousd) }));
        }
      }
      await call(client.POST('/api/v1/workspaces/{workspace}/runs', { params: { path: { workspace: slug } }, body: { preset, idempotencyKey: newKey() } }));
      location.assign(`/w/${encodeURIComponent(slug)}/runs`);
    });
  };

  if (!loaded.data) return html`<${Alert} error=${loaded.error} />${loaded.loading ? html`<${Loading} what=${say('dashboard.onboarding.loadingPrompts')} />` : null}`;
  const { active, proposals } = loaded.data;
  const q = quote.data;
  const short = q && balance && balance.availableMicrousd < q.estimateMicrousd;
  // The category's form comes first and outside this one (forms do not nest); rewriting the
  // prompts on it replaces the generated set, so the edits of the old one are dropped.
  const rewritten = () => {
    setEdits({});
    setOff({});
    loaded.reload();
    setTick((t) => t + 1);
  };
  return html`<h2 id="step-h">${say('dashboard.onboarding.step3')}</h2>
    <p class="notice" role="status">${sayWith('dashboard.onboarding.created', {}, { slug: html`<strong>${slug}</strong>` })}</p>
    <${CategoryBox} slug=${slug} onApplied=${rewritten} />
    ${simulatedCompetitors ? html`<${CompetitorCheck} slug=${slug} available=${balance?.availableMicrousd ?? null} />` : null}
    <form class="stack wide" onSubmit=${start} aria-labelledby="step-h">
    ${proposals.length ? html`<fieldset><legend>${say('dashboard.onboarding.suggested', { n: proposals.length })}</legend>
      <ul class="prompt-edit">${proposals.map((p, i) => html`<li>
        <label class="inline-check"><input type="checkbox" checked=${picked[i] !== undefined} disabled=${saved} onChange=${(e) => setPicked({ ...picked, [i]: e.target.checked ? p.text : undefined })} /> ${say('dashboard.onboarding.add')}</label>
        <label class="visually-hidden" for=${`sug-${i}`}>${say('dashboard.onboarding.suggestedPrompt', { n: i + 1 })}</label>
        <input id=${`sug-${i}`} value=${picked[i] ?? p.text} disabled=${saved || picked[i] === undefined} onInput=${(e) => setPicked({ ...picked, [i]: e.target.value })} />
        <small class="muted">${sayCode('dashboard.prompts.intent', p.intent)} · ${fmt.languageName(p.language)} · ${p.reason}</small>
      </li>`)}</ul>
    </fieldset>` : null}
    <details><summary>${say('dashboard.onboarding.activePrompts', { n: active.length - Object.values(off).filter(Boolean).length })}</summary>
      <ol class="prompt-edit">${active.map((p, i) => html`<li>
        <label class="inline-check"><input type="checkbox" checked=${!off[p.id]} disabled=${saved} onChange=${(e) => setOff({ ...off, [p.id]: !e.target.checked })} /> ${say('dashboard.onboarding.ask')}</label>
        <label class="visually-hidden" for=${`p-${p.id}`}>${say('dashboard.onboarding.promptN', { n: i + 1 })}</label>
        <input id=${`p-${p.id}`} value=${edits[p.id] ?? p.text} disabled=${saved} onInput=${(e) => setEdits({ ...edits, [p.id]: e.target.value })} />
        <small class="muted">${sayCode('dashboard.prompts.intent', p.intent)} · ${fmt.languageName(p.language)}</small>
      </li>`)}</ol>
    </details>
    <fieldset class="inline"><legend>${say('dashboard.onboarding.firstRun')}</legend>
      ${PRESETS.map((id) => html`<label><input type="radio" name="preset" value=${id} checked=${preset === id} onChange=${() => { setChosen(true); setPreset(id); }} /> ${say(id === 'lite' ? 'dashboard.onboarding.presetLite' : 'dashboard.onboarding.presetSmoke')}</label>`)}
    </fieldset>
    <p id="first-quote" aria-live="polite">${q ? sayWith('dashboard.onboarding.quoted', { prompts: q.promptCount, calls: q.totalCalls, simulated: q.engines.some((en) => en.enabled && en.simulated) ? 'yes' : 'no', available: usd(balance?.availableMicrousd) }, { price: html`<strong>${usd(q.estimateMicrousd)}</strong>` }) : say('dashboard.onboarding.quoting')}</p>
    ${moved ? html`<p class="notice" role="status">${moved}</p>` : null}
    ${short ? html`<p class="alert" role="alert">${sayWith('dashboard.onboarding.short', { preset }, { settings: html`<a href=${`/w/${encodeURIComponent(slug)}/settings#credits`}>${say('dashboard.nav.settings')}</a>` })}</p>` : null}
    <${Alert} error=${action.error ?? quote.error} />
    <p class="row"><button type="submit" disabled=${action.busy || !q || short}>${q ? say('dashboard.onboarding.startPriced', { price: usd(q.estimateMicrousd) }) : say('dashboard.onboarding.start')}</button>
      <a class="button secondary" href=${`/w/${encodeURIComponent(slug)}`}>${say('dashboard.onboarding.skip')}</a></p>
  </form>
    ${short ? html`<section class="card" aria-labelledby="move-h"><h3 id="move-h">${say('dashboard.onboarding.moveCredit')}</h3>
      <${MoveCredit} slug=${slug} onMoved=${(text) => { setMoved(text); loaded.reload(); }} /></section>` : null}`;
}
