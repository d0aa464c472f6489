// A first workspace in a minute: the person types the brand's name and domain, the
// server proposes the rest (POST /api/v1/workspace-proposals, free), everything stays editable,
// the two Google property ids are asked with where to find them and checked as typed, and the
// creation body sent is the contract's, every field filled. Then the prompts step.
import { Alert, fmt, html, say, sayCode, useAction, useState, call, client } from '../lib.js';
import { ErrorBox, Field, fieldErrors, list } from './settings-ui.js';
import { PromptsStep } from './onboarding-prompts.js';

const LANGS = ['en', 'es', 'ca', 'fr'];
const INTENTS = ['discovery', 'problem_solution', 'use_case', 'comparison', 'expert', 'brand_research'];
const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const SLUG = /^[a-z0-9-]{2,20}$/;

/** What a person pastes as a domain ("https://www.Example.com/shop") as the bare domain. */
export const bareDomain = (text) => text.trim().toLowerCase().replace(/^[a-z]+:\/\//, '').split(/[/?#:]/, 1)[0].replace(/^www\./, '').replace(/\.$/, '');

/** Checks as typed, in the contract's formats; null when fine. */
const CHECKS = {
  ga4: (v) => (/^[0-9]{6,12}$/.test(v) ? null : say('dashboard.onboarding.check.ga4')),
  gsc: (v) => (/^sc-domain:/.test(v) && DOMAIN.test(v.slice(10)) ? null : say('dashboard.onboarding.check.gsc')),
  brand: (v) => (SLUG.test(v) ? null : say('dashboard.onboarding.check.slug')),
  displayName: (v) => (v.trim().length >= 2 && v.length <= 60 ? null : say('dashboard.onboarding.check.displayName')),
  size: (v) => (Number.isInteger(v) && v >= 20 && v <= 300 ? null : say('dashboard.onboarding.check.size')),
};

function BrandStep({ onProposed }) {
  const [name, setName] = useState('');
  const [domain, setDomain] = useState('');
  const action = useAction();
  const errors = fieldErrors(action.error);
  const submit = (e) => {
    e.preventDefault();
    action.run(async () => onProposed(await call(client.POST('/api/v1/workspace-proposals', { body: { brandName: name.trim(), domain: bareDomain(domain) } }))));
  };
  return html`<form class="stack wide" onSubmit=${submit} aria-labelledby="step-h">
    <h2 id="step-h">${say('dashboard.onboarding.step1')}</h2>
    <p class="muted">${say('dashboard.onboarding.step1Intro')}</p>
    <${Field} id="brandName" label=${say('dashboard.onboarding.brandName')} value=${name} onInput=${(e) => setName(e.target.value)} required minlength="2" maxlength="60" autocomplete="organization" error=${errors.brandName} />
    <${Field} id="domain" label=${say('dashboard.onboarding.domain')} value=${domain} onInput=${(e) => setDomain(e.target.value)} required placeholder="example.com" autocomplete="url" hint=${say('dashboard.onboarding.domainHint')} error=${errors.domain} />
    <${ErrorBox} error=${errors.brandName || errors.domain ? null : action.error} />
    <button type="submit" disabled=${action.busy}>${action.busy ? say('dashboard.onboarding.reading') : say('dashboard.onboarding.propose')}</button>
  </form>`;
}

function Competitors({ items, onChange, reason }) {
  const edit = (i, key) => (e) => onChange(items.map((c, k) => (k === i ? { ...c, [key]: e.target.value } : c)));
  return html`<fieldset><legend>${say('dashboard.onboarding.competitors')}</legend>
    <p class="muted">${reason}</p>
    ${items.map((c, i) => html`${c.source ? html`<p class="muted small competitor-source">${c.name}: ${c.source}</p>` : null}<div class="row competitor">
      <${Field} id=${`c${i}-name`} label=${say('dashboard.onboarding.competitorName', { n: i + 1 })} value=${c.name} onInput=${edit(i, 'name')} required minlength="2" maxlength="60" />
      <${Field} id=${`c${i}-domain`} label=${say('dashboard.onboarding.competitorDomain', { n: i + 1 })} value=${c.domain} onInput=${edit(i, 'domain')} required
        error=${c.domain && !DOMAIN.test(c.domain) ? say('dashboard.onboarding.domainExample') : null} />
      <button type="button" class="secondary" disabled=${items.length <= 2} onClick=${() => onChange(items.filter((_, k) => k !== i))} aria-label=${say('dashboard.onboarding.removeCompetitor', { n: i + 1 })}>${say('dashboard.onboarding.remove')}</button>
    </div>`)}
    <button type="button" class="secondary" disabled=${items.length >= 5} onClick=${() => onChange([...items, { name: '', domain: '' }])}>${say('dashboard.onboarding.addCompetitor')}</button>
  </fieldset>`;
}

function ReviewStep({ proposed, onCreated }) {
  const p = proposed.proposal;
  const [f, setF] = useState({
    brand: p.brand, displayName: p.displayName, languages: p.languages, regions: p.regions.join(', '), ga4: '', gsc: p.gscProperty,
    size: p.activeSetSize, compliance: p.complianceProfile, quotas: p.quotas,
    // Only competitors a source named, each with where it was found; none found: two empty rows to fill.
    competitors: p.competitors.length
      ? p.competitors.map((c, i) => ({ name: c.name, domain: c.domains[0] ?? '', source: proposed.competitorSources[i]?.detail ?? null }))
      : [{ name: '', domain: '' }, { name: '', domain: '' }],
  });
  const [touched, setTouched] = useState({});
  const set = (key, value) => { setF({ ...f, [key]: value }); setTouched({ ...touched, [key]: true }); };
  const action = useAction();
  const server = fieldErrors(action.error);
  // A field's message: the check as typed once it was touched, else what the server said.
  const err = (key, field = key) => (touched[key] && CHECKS[key] ? CHECKS[key](f[key]) : null) ?? server[field] ?? null;
  const quotaSum = Object.values(f.quotas).reduce((a, b) => a + b, 0);
  const submit = (e) => {
    e.preventDefault();
    setTouched(Object.fromEntries(Object.keys(CHECKS).map((k) => [k, true])));
    if (Object.keys(CHECKS).some((k) => CHECKS[k](f[k]))) return;
    action.run(async () => {
      const created = await call(client.POST('/api/v1/workspaces', { body: {
        brand: f.brand, displayName: f.displayName.trim(), domains: p.domains, languages: f.languages, regions: list(f.regions),
        competitors: f.competitors.map((c) => ({ name: c.name.trim(), domains: [bareDomain(c.domain)], aliases: [c.name.trim()], ambiguous: false })),
        gscProperty: f.gsc.trim(), ga4Property: f.ga4.trim(), activeSetSize: f.size, complianceProfile: f.compliance, quotas: f.quotas,
      } }));
      onCreated(created.slug);
    });
  };
  const toggleLang = (code) => set('languages', f.languages.includes(code) ? f.languages.filter((l) => l !== code) : [...f.languages, code]);
  return html`<form class="stack wide" onSubmit=${submit} aria-labelledby="step-h" novalidate>
    <h2 id="step-h">${say('dashboard.onboarding.step2')}</h2>
    <p class=${proposed.site.read ? 'notice' : 'alert'} role="status">${proposed.site.detail} ${say('dashboard.onboarding.free')}</p>
    <fieldset><legend>${say('dashboard.onboarding.brand')}</legend>
      <${Field} id="displayName" label=${say('dashboard.onboarding.displayName')} value=${f.displayName} onInput=${(e) => set('displayName', e.target.value)} hint=${proposed.reasons.displayName} error=${err('displayName')} />
      <${Field} id="brand" label=${say('dashboard.onboarding.slug')} value=${f.brand} onInput=${(e) => set('brand', e.target.value)} hint=${say('dashboard.onboarding.slugHint')} error=${err('brand')} />
      <fieldset class="inline"><legend>${say('dashboard.onboarding.languages')}</legend>
        ${LANGS.map((code) => html`<label><input type="checkbox" checked=${f.languages.includes(code)} onChange=${() => toggleLang(code)} /> ${fmt.languageName(code)}</label>`)}
      </fieldset>
      <p class="muted">${proposed.reasons.languages}</p>
      <${Field} id="regions" label=${say('dashboard.onboarding.regions')} value=${f.regions} onInput=${(e) => set('regions', e.target.value)} hint=${say('dashboard.onboarding.regionsHint', { reason: proposed.reasons.regions })} error=${server.regions} />
    </fieldset>
    <${Competitors} items=${f.competitors} onChange=${(v) => set('competitors', v)} reason=${proposed.reasons.competitors} />
    <${Alert} error=${server.competitors ? { message: server.competitors } : null} />
    <fieldset><legend>${say('dashboard.onboarding.google')}</legend>
      <${Field} id="ga4" label=${say('dashboard.onboarding.ga4')} value=${f.ga4} onInput=${(e) => set('ga4', e.target.value.trim())} inputmode="numeric" autocomplete="off"
        hint=${say('dashboard.onboarding.ga4Hint')} error=${err('ga4', 'ga4Property')} />
      <${Field} id="gsc" label=${say('dashboard.onboarding.gsc')} value=${f.gsc} onInput=${(e) => set('gsc', e.target.value.trim())} autocomplete="off"
        hint=${say('dashboard.onboarding.gscHint')} error=${err('gsc', 'gscProperty')} />
    </fieldset>
    <fieldset><legend>${say('dashboard.onboarding.measurement')}</legend>
      <${Field} id="size" label=${say('dashboard.onboarding.size')} type="number" min="20" max="300" value=${f.size} onInput=${(e) => set('size', Number(e.target.value))} hint=${say('dashboard.onboarding.sizeHint')} error=${err('size', 'activeSetSize')} />
      <${Field} id="compliance" label=${say('dashboard.onboarding.compliance')} as="select" value=${f.compliance} onChange=${(e) => set('compliance', e.target.value)} hint=${proposed.reasons.complianceProfile}>
        <option value="none">${say('dashboard.onboarding.complianceNone')}</option><option value="eu_medical">${say('dashboard.onboarding.complianceMedical')}</option>
      </${Field}>
      <details><summary>${say('dashboard.onboarding.quotas', { share: Math.round(quotaSum * 100) })}</summary>
        <p class="muted">${say('dashboard.onboarding.quotasHint', { reason: proposed.reasons.quotas })}</p>
        <div class="row">${INTENTS.map((key) => html`<${Field} id=${`q-${key}`} label=${say('dashboard.onboarding.quota', { intent: sayCode('dashboard.prompts.intent', key) })} type="number" min="0" max="100" value=${Math.round(f.quotas[key] * 100)}
          onInput=${(e) => set('quotas', { ...f.quotas, [key]: Number(e.target.value) / 100 })} />`)}</div>
        ${Math.abs(quotaSum - 1) > 0.0001 ? html`<p class="field-error">${say('dashboard.onboarding.quotaSum', { share: Math.round(quotaSum * 100) })}</p>` : null}
      </details>
    </fieldset>
    <${ErrorBox} error=${action.error} />
    <button type="submit" disabled=${action.busy || !f.languages.length}>${say('dashboard.onboarding.create')}</button>
  </form>`;
}

export function NewWorkspace() {
  const [proposed, setProposed] = useState(null);
  const [slug, setSlug] = useState(null);
  return html`<h1>${say('dashboard.page.new')}</h1>
    ${slug ? html`<${PromptsStep} slug=${slug} />`
      : proposed ? html`<${ReviewStep} proposed=${proposed} onCreated=${setSlug} />`
      : html`<${BrandStep} onProposed=${setProposed} />`}`;
}
