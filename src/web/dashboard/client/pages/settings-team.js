// Settings: the team — members with their role (owners change it), removal (or leaving,
// for yourself), invitations by email and withdrawing them. The API refuses to leave a
// workspace without an owner (409 `last_owner`): its message is shown as is.
import { Loading, Notice, Section, html, say, sayCode, useAction, useLoad, useState, when, call, client } from '../lib.js';
import { ErrorBox, Field, fieldErrors, sure } from './settings-ui.js';

const ROLES = ['member', 'owner'];

function MemberRow({ m, me, owner, busy, onRole, onRemove }) {
  const who = m.email ?? m.name ?? m.userId;
  const self = m.userId === me;
  return html`<tr><th scope="row">${who}${self ? html` <small class="muted">${say('dashboard.team.you')}</small>` : null}${m.name && m.email ? html`<br /><small class="muted">${m.name}</small>` : null}</th>
    <td data-label=${say('dashboard.team.role')}><label class="visually-hidden" for=${`role-${m.userId}`}>${say('dashboard.team.roleOf', { who })}</label>
      <select id=${`role-${m.userId}`} value=${m.role} disabled=${busy || !owner} onChange=${(e) => onRole(m, e.target.value, e)}>${ROLES.map((v) => html`<option value=${v}>${sayCode('dashboard.team.roles', v)}</option>`)}</select></td>
    <td data-label=${say('dashboard.team.joined')}>${when(m.joinedAt)}</td>
    <td data-label=${say('dashboard.keys.actions')}>${self || owner ? html`<button type="button" class="secondary small danger" disabled=${busy} onClick=${() => onRemove(m, self)}>${self ? say('dashboard.team.leave') : html`${say('dashboard.onboarding.remove')}<span class="visually-hidden"> ${who}</span>`}</button>` : null}</td></tr>`;
}

export function Team({ slug }) {
  const t = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/members', { params: { path: { workspace: slug } } })), [slug]);
  const session = useLoad(() => call(client.GET('/api/v1/auth/session')), []);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState(/** @type {import('../lib.js').Body<'/api/v1/workspaces/{workspace}/members'>['role']} */ ('member'));
  const [notice, setNotice] = useState('');
  const [errorOf, setErrorOf] = useState(null);
  const action = useAction();
  const me = session.data?.user?.id;
  const run = (where, fn) => {
    setNotice(''); setErrorOf(where);
    return action.run(async () => { await fn(); t.reload(); return true; }).then((ok) => { if (!ok) t.reload(); return ok; });
  };
  const invite = (e) => {
    e.preventDefault();
    run('invite', async () => { const inv = await call(client.POST('/api/v1/workspaces/{workspace}/members', { params: { path: { workspace: slug } }, body: { email, role } })); setNotice(say('dashboard.team.invited', { email: inv.email, role: sayCode('dashboard.team.role', inv.role), when: when(inv.expiresAt) })); setEmail(''); });
  };
  const changeRole = (m, next, e) => {
    const who = m.email ?? m.userId;
    const question = next === 'owner' ? say('dashboard.team.makeOwner', { who }) : say('dashboard.team.makeMember', { who, self: m.userId === me ? 'yes' : 'no' });
    if (!sure(question)) { e.target.value = m.role; return; }
    run('list', async () => { await call(client.PATCH('/api/v1/workspaces/{workspace}/members/{userId}', { params: { path: { workspace: slug, userId: m.userId } }, body: { role: next } })); setNotice(say('dashboard.team.nowRole', { who, role: next })); });
  };
  const remove = (m, self) => {
    const who = m.email ?? m.userId;
    if (!sure(self ? say('dashboard.team.confirmLeave') : say('dashboard.team.confirmRemove', { who }))) return;
    run('list', async () => {
      await call(client.DELETE('/api/v1/workspaces/{workspace}/members/{userId}', { params: { path: { workspace: slug, userId: m.userId } } }));
      if (self) location.assign('/');
      else setNotice(say('dashboard.settings.removed', { name: who }));
    });
  };
  const withdraw = (i) => sure(say('dashboard.team.confirmWithdraw', { email: i.email })) && run('list', async () => { await call(client.DELETE('/api/v1/workspaces/{workspace}/members/invitations/{invitationId}', { params: { path: { workspace: slug, invitationId: i.invitationId } } })); setNotice(say('dashboard.team.withdrawn', { email: i.email })); });
  const d = t.data;
  // Only owners manage the team (the API enforces it); members see the list and can leave.
  const owner = d?.members.find((m) => m.userId === me)?.role === 'owner';
  const errs = errorOf === 'invite' ? fieldErrors(action.error) : {};
  return html`<${Section} id="team" title=${say('dashboard.settings.nav.team')}>
    ${d ? html`<div class="table-wrap"><table id="members" class="cards"><caption>${say('dashboard.team.members')}</caption>
      <thead><tr><th scope="col">${say('dashboard.team.person')}</th><th scope="col">${say('dashboard.team.role')}</th><th scope="col">${say('dashboard.team.joined')}</th><th scope="col">${say('dashboard.keys.actions')}</th></tr></thead>
      <tbody>${d.members.map((m) => html`<${MemberRow} key=${m.userId} m=${m} me=${me} owner=${owner} busy=${action.busy} onRole=${changeRole} onRemove=${remove} />`)}</tbody></table></div>
      ${d.invitations.length ? html`<div class="table-wrap"><table id="invitations" class="cards"><caption>${say('dashboard.team.invitations')}</caption>
        <thead><tr><th scope="col">${say('dashboard.team.email')}</th><th scope="col">${say('dashboard.team.role')}</th><th scope="col">${say('dashboard.team.expires')}</th><th scope="col">${say('dashboard.keys.actions')}</th></tr></thead>
        <tbody>${d.invitations.map((i) => html`<tr><th scope="row">${i.email}</th><td data-label=${say('dashboard.team.role')}>${sayCode('dashboard.team.roles', i.role)}</td><td data-label=${say('dashboard.team.expires')}>${when(i.expiresAt)}</td>
          <td data-label=${say('dashboard.keys.actions')}>${owner ? html`<button type="button" class="secondary small danger" disabled=${action.busy} onClick=${() => withdraw(i)}>${say('dashboard.team.withdraw')}<span class="visually-hidden"> ${say('dashboard.team.invitationTo', { email: i.email })}</span></button>` : null}</td></tr>`)}</tbody></table></div>` : html`<p class="muted">${say('dashboard.team.noInvitation')}</p>`}` : html`<${Loading} />`}
    ${errorOf !== 'invite' ? html`<${ErrorBox} error=${action.error ?? t.error} />` : null}
    <h3>${say('dashboard.team.inviteTitle')}</h3>
    ${d && !owner ? html`<p class="muted">${say('dashboard.team.onlyOwners')}</p>` : null}
    <form class="controls" onSubmit=${invite} hidden=${!owner}>
      <${Field} id="invite-email" label=${say('dashboard.team.email')} type="email" required maxlength="254" autocomplete="off" error=${errs.email} value=${email} onInput=${(e) => setEmail(e.target.value)} />
      <${Field} id="invite-role" label=${say('dashboard.team.role')} as="select" value=${role} onChange=${(e) => setRole(e.target.value)}>${ROLES.map((v) => html`<option value=${v}>${sayCode('dashboard.team.roles', v)}</option>`)}</${Field}>
      <button type="submit" disabled=${action.busy}>${say('dashboard.team.invite')}</button></form>
    ${errorOf === 'invite' ? html`<${ErrorBox} error=${action.error} />` : null}
    <${Notice}>${notice}</${Notice}></${Section}>`;
}
