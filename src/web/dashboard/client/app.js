// Dashboard entry: reads which page the server rendered (data-page) and mounts it inside the
// layout (skip link, header with navigation, main landmark).
import 'uplot/dist/uPlot.min.css';
import './app.css';
import { WORKSPACE_NAV, sectionPath } from '../pages.ts';
import { LANGUAGES } from '../../../lib/format/format.ts';
import { call, client, html, render, say, useLoad } from './lib.js';
import { SignIn, SignUp } from './pages/auth.js';
import { Agency } from './pages/agency.js';
import { NewWorkspace } from './pages/onboarding.js';
import { Overview } from './pages/overview.js';
import { Runs, RunDetail } from './pages/runs.js';
import { Answers } from './pages/answers.js';
import { Recs } from './pages/recs.js';
import { Chat } from './pages/chat.js';
import { Seo } from './pages/seo.js';
import { Traffic } from './pages/traffic.js';
import { Settings } from './pages/settings.js';
import { Reports } from './pages/reports.js';
import { Research } from './pages/research.js';
import { Email } from './pages/email.js';
import { Invite } from './pages/invite.js';
import { Verify } from './pages/verify.js';

const root = document.getElementById('app');
const { page, workspace, id } = root.dataset;

const VIEWS = { agency: Agency, new: NewWorkspace, overview: Overview, runs: Runs, run: RunDetail, answers: Answers, recs: Recs, chat: Chat, seo: Seo, traffic: Traffic, settings: Settings, reports: Reports, research: Research, email: Email };

function Header() {
  const session = useLoad(() => call(client.GET('/api/v1/auth/session')));
  const workspaces = useLoad(() => call(client.GET('/api/v1/workspaces')));
  const signOut = async () => {
    await call(client.POST('/api/v1/auth/logout')).catch(() => null);
    location.assign('/');
  };
  const current = page === 'run' ? 'runs' : page;
  // The person's language for every page (PUT /api/v1/account/preferences); "as my browser" clears it.
  const chosen = session.data?.user?.language ?? '';
  const setLanguage = async (value) => {
    await call(client.PUT('/api/v1/account/preferences', { body: { language: value || null } }));
    location.reload();
  };
  return html`<header class="top">
    <a class="brand" href="/">GEO visibility</a>
    ${workspace && html`<label class="switcher">${say('dashboard.header.workspace')}
      <select onChange=${(e) => location.assign(`/w/${e.target.value}`)}>
        ${(workspaces.data ?? [{ id: workspace, displayName: workspace }]).map((w) => html`<option value=${w.id} selected=${w.id === workspace}>${w.displayName}</option>`)}
      </select></label>`}
    <label class="switcher">${say('dashboard.header.language')}
      <select onChange=${(e) => setLanguage(e.target.value)} disabled=${!session.data}>
        <option value="" selected=${!chosen}>${say('dashboard.header.languageAuto')}</option>
        ${LANGUAGES.map((l) => html`<option value=${l} lang=${l} selected=${chosen === l}>${say(`dashboard.language.${l}`)}</option>`)}
      </select></label>
    <span class="user">${session.data?.user?.email ?? ''}</span>
    <button type="button" class="secondary small" onClick=${signOut}>${say('dashboard.header.signOut')}</button>
    ${workspace && html`<nav aria-label=${say('dashboard.header.sections')}><ul>
      ${WORKSPACE_NAV.map((key) => html`<li><a href=${sectionPath(workspace, key)} aria-current=${current === key ? 'page' : undefined}>${say(`dashboard.nav.${key}`)}</a></li>`)}
    </ul></nav>`}
  </header>`;
}

function App() {
  if (page === 'signin') return html`<${SignIn} />`;
  if (page === 'signup') return html`<${SignUp} />`;
  if (page === 'invite') return html`<${Invite} />`;
  if (page === 'verify') return html`<${Verify} />`;
  const Page = VIEWS[page];
  return html`<a class="skip" href="#main">${say('dashboard.header.skip')}</a><${Header} />
    <main id="main" tabindex="-1"><${Page} workspace=${workspace} id=${id} /></main>`;
}

root.replaceChildren();
render(html`<${App} />`, root);
