// Accepting a workspace invitation from its mail: /invite#token=…. The token is read from the
// fragment (never sent to a server), kept in sessionStorage while the visitor signs in or up
// (those pages come back here through `next`), and removed from the address bar at once.
import { Alert, PublicPage, fragmentToken, html, say, sayWith, useAction, useLoad, useState, call, client } from '../lib.js';

const KEY = 'geo.invitation';

/** A refusal the page explains in its own words, by the API's error code. */
const WHY = {
  forbidden: () => say('dashboard.invite.forbidden'),
  invalid_token: () => say('dashboard.invite.invalid'),
  already_member: () => say('dashboard.invite.member'),
};

export function Invite() {
  const [token] = useState(() => fragmentToken(KEY));
  const session = useLoad(() => call(client.GET('/api/v1/auth/session')).catch((err) => (err.status === 401 ? null : Promise.reject(err))));
  const action = useAction();
  const join = () => action.run(async () => {
    const joined = await call(client.POST('/api/v1/invitations/accept', { body: { token } })).catch((err) => {
      if (err.code === 'invalid_token') sessionStorage.removeItem(KEY); // spent: not offered again
      throw err;
    });
    sessionStorage.removeItem(KEY);
    location.assign(`/w/${encodeURIComponent(joined.workspace)}`);
  });
  const signOut = () => action.run(async () => {
    await call(client.POST('/api/v1/auth/logout'));
    location.assign(`/signin?next=${encodeURIComponent('/invite')}`);
  });
  const back = encodeURIComponent('/invite');
  const user = session.data?.user;
  let body;
  if (!token) body = html`<p>${say('dashboard.invite.noToken')}</p><p><a href="/">${say('dashboard.invite.home')}</a></p>`;
  else if (session.loading) body = html`<p class="muted" role="status">${say('dashboard.invite.checking')}</p>`;
  else if (!user) {
    body = html`<p>${say('dashboard.invite.signIn')}</p>
      <div class="actions"><a class="button" href=${`/signin?next=${back}`}>${say('dashboard.page.signin')}</a> <a class="button secondary" href=${`/signup?next=${back}`}>${say('dashboard.auth.createAccountLink')}</a></div>`;
  } else {
    const code = action.error?.code;
    body = html`<p>${sayWith('dashboard.invite.signedIn', {}, { email: html`<strong>${user.email}</strong>` })}</p>
      <div class="actions"><button type="button" onClick=${join} disabled=${action.busy}>${say('dashboard.invite.join')}</button>
        <button type="button" class="secondary" onClick=${signOut} disabled=${action.busy}>${say('dashboard.invite.other')}</button></div>
      ${code && WHY[code] ? html`<p class="alert" role="alert">${WHY[code]()}</p>` : html`<${Alert} error=${action.error} />`}`;
  }
  return html`<${PublicPage} title=${say('dashboard.page.invite')}>${body}<${Alert} error=${session.error} /></${PublicPage}>`;
}
