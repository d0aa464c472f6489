// Settings: the team — members with their role (owners change it), removal (or leaving,
// for yourself), invitations by email and withdrawing them. The API refuses to leave a
// workspace without an owner (409 `last_owner`): its message is shown as is.
import { Loading, Notice, Section, html, useAction, useLoad, useState, when, call, client } from '../lib.js';
import { ErrorBox, Field, fieldErrors, sure } from './settings-ui.js';

const ROLES = [['member', 'Member'], ['owner', 'Owner']];

function MemberRow({ m, me, owner, busy, onRole, onRemove }) {
  const who = m.email ?? m.name ?? m.userId;
  const self = m.userId === me;
  return html`<tr><th scope="row">${who}${self ? html` <small class="muted">(you)</small>` : null}${m.name && m.email ? html`<br /><small class="muted">${m.name}</small>` : null}</th>
    <td data-label="Role"><label class="visually-hidden" for=${`role-${m.userId}`}>Role of ${who}</label>
      <select id=${`role-${m.userId}`} value=${m.role} disabled=${busy || !owner} onChange=${(e) => onRole(m, e.target.value, e)}>${ROLES.map(([v, l]) => html`<option value=${v}>${l}</option>`)}</select></td>
    <td data-label="Joined">${when(m.joinedAt)}</td>
    <td data-label="Actions">${self || owner ? html`<button type="button" class="secondary small danger" disabled=${busy} onClick=${() => onRemove(m, self)}>${self ? 'Leave workspace' : html`Remove<span class="visually-hidden"> ${who}</span>`}</button>` : null}</td></tr>`;
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
    run('invite', async () => { const inv = await call(client.POST('/api/v1/workspaces/{workspace}/members', { params: { path: { workspace: slug } }, body: { email, role } })); setNotice(`Invitation sent to ${inv.email} (${inv.role}); it expires ${when(inv.expiresAt)}.`); setEmail(''); });
  };
  const changeRole = (m, next, e) => {
    const who = m.email ?? m.userId;
    const question = next === 'owner' ? `Make ${who} an owner? Owners manage the team, keys and billing.` : `Make ${who} a member? ${m.userId === me ? 'You will no longer manage the team.' : 'They will no longer manage the team.'}`;
    if (!sure(question)) { e.target.value = m.role; return; }
    run('list', async () => { await call(client.PATCH('/api/v1/workspaces/{workspace}/members/{userId}', { params: { path: { workspace: slug, userId: m.userId } }, body: { role: next } })); setNotice(`${who} is now ${next === 'owner' ? 'an owner' : 'a member'}.`); });
  };
  const remove = (m, self) => {
    const who = m.email ?? m.userId;
    if (!sure(self ? 'Leave this workspace? You lose access to it at once.' : `Remove ${who} from this workspace? They lose access at once.`)) return;
    run('list', async () => {
      await call(client.DELETE('/api/v1/workspaces/{workspace}/members/{userId}', { params: { path: { workspace: slug, userId: m.userId } } }));
      if (self) location.assign('/');
      else setNotice(`${who} removed.`);
    });
  };
  const withdraw = (i) => sure(`Withdraw the invitation to ${i.email}?`) && run('list', async () => { await call(client.DELETE('/api/v1/workspaces/{workspace}/members/invitations/{invitationId}', { params: { path: { workspace: slug, invitationId: i.invitationId } } })); setNotice(`Invitation to ${i.email} withdrawn.`); });
  const d = t.data;
  // Only owners manage the team (the API enforces it); members see the list and can leave.
  const owner = d?.members.find((m) => m.userId === me)?.role === 'owner';
  const errs = errorOf === 'invite' ? fieldErrors(action.error) : {};
  return html`<${Section} id="team" title="Team">
    ${d ? html`<div class="table-wrap"><table id="members" class="cards"><caption>Members</caption>
      <thead><tr><th scope="col">Person</th><th scope="col">Role</th><th scope="col">Joined</th><th scope="col">Actions</th></tr></thead>
      <tbody>${d.members.map((m) => html`<${MemberRow} key=${m.userId} m=${m} me=${me} owner=${owner} busy=${action.busy} onRole=${changeRole} onRemove=${remove} />`)}</tbody></table></div>
      ${d.invitations.length ? html`<div class="table-wrap"><table id="invitations" class="cards"><caption>Open invitations</caption>
        <thead><tr><th scope="col">Email</th><th scope="col">Role</th><th scope="col">Expires</th><th scope="col">Actions</th></tr></thead>
        <tbody>${d.invitations.map((i) => html`<tr><th scope="row">${i.email}</th><td data-label="Role">${i.role}</td><td data-label="Expires">${when(i.expiresAt)}</td>
          <td data-label="Actions">${owner ? html`<button type="button" class="secondary small danger" disabled=${action.busy} onClick=${() => withdraw(i)}>Withdraw<span class="visually-hidden"> invitation to ${i.email}</span></button>` : null}</td></tr>`)}</tbody></table></div>` : html`<p class="muted">No open invitation.</p>`}` : html`<${Loading} />`}
    ${errorOf !== 'invite' ? html`<${ErrorBox} error=${action.error ?? t.error} />` : null}
    <h3>Invite someone</h3>
    ${d && !owner ? html`<p class="muted">Only owners invite people and change roles.</p>` : null}
    <form class="controls" onSubmit=${invite} hidden=${!owner}>
      <${Field} id="invite-email" label="Email" type="email" required maxlength="254" autocomplete="off" error=${errs.email} value=${email} onInput=${(e) => setEmail(e.target.value)} />
      <${Field} id="invite-role" label="Role" as="select" value=${role} onChange=${(e) => setRole(e.target.value)}>${ROLES.map(([v, l]) => html`<option value=${v}>${l}</option>`)}</${Field}>
      <button type="submit" disabled=${action.busy}>Invite</button></form>
    ${errorOf === 'invite' ? html`<${ErrorBox} error=${action.error} />` : null}
    <${Notice}>${notice}</${Notice}></${Section}>`;
}
