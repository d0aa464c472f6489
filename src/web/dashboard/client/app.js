// Dashboard entry: reads which page the server rendered (data-page) and mounts it inside the
// layout (skip link, header with navigation, main landmark).
import 'uplot/dist/uPlot.min.css';
import './app.css';
import { WORKSPACE_NAV, sectionPath } from '../pages.ts';
import { call, client, html, render, useLoad } from './lib.js';
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
  return html`<header class="top">
    <a class="brand" href="/">GEO visibility</a>
    ${workspace && html`<label class="switcher">Workspace
      <select onChange=${(e) => location.assign(`/w/${e.target.value}`)}>
        ${(workspaces.data ?? [{ id: workspace, displayName: workspace }]).map((w) => html`<option value=${w.id} selected=${w.id === workspace}>${w.displayName}</option>`)}
      </select></label>`}
    <span class="user">${session.data?.user?.email ?? ''}</span>
    <button type="button" class="secondary small" onClick=${signOut}>Sign out</button>
    ${workspace && html`<nav aria-label="Workspace sections"><ul>
      ${WORKSPACE_NAV.map(([key, label]) => html`<li><a href=${sectionPath(workspace, key)} aria-current=${current === key ? 'page' : undefined}>${label}</a></li>`)}
    </ul></nav>`}
  </header>`;
}

function App() {
  if (page === 'signin') return html`<${SignIn} />`;
  if (page === 'signup') return html`<${SignUp} />`;
  if (page === 'invite') return html`<${Invite} />`;
  if (page === 'verify') return html`<${Verify} />`;
  const Page = VIEWS[page];
  return html`<a class="skip" href="#main">Skip to content</a><${Header} />
    <main id="main" tabindex="-1"><${Page} workspace=${workspace} id=${id} /></main>`;
}

root.replaceChildren();
render(html`<${App} />`, root);
