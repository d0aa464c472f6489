// Accepting a workspace invitation from its mail: /invite#token=…. The token is read from the
// fragment (never sent to a server), kept in sessionStorage while the visitor signs in or up
// (those pages come back here through `next`), and removed from the address bar at once.
import { Alert, PublicPage, fragmentToken, html, useAction, useLoad, useState, call, client } from '../lib.js';

const KEY = 'geo.invitation';

const WHY = {
  forbidden: 'This invitation was sent to another email address. Sign out, then sign in or create an account with the invited address.',
  invalid_token: 'This invitation is unknown, already used, withdrawn or expired. Ask the workspace owner for a new one.',
  already_member: 'You are already a member of this workspace.',
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
  if (!token) body = html`<p>This page needs the link from your invitation mail. Open the mail and follow its link.</p><p><a href="/">Go to your workspaces</a></p>`;
  else if (session.loading) body = html`<p class="muted" role="status">Checking who is signed in…</p>`;
  else if (!user) {
    body = html`<p>Sign in, or create an account with the address the invitation was sent to; you come back here to join.</p>
      <div class="actions"><a class="button" href=${`/signin?next=${back}`}>Sign in</a> <a class="button secondary" href=${`/signup?next=${back}`}>Create an account</a></div>`;
  } else {
    const code = action.error?.code;
    body = html`<p>Signed in as <strong>${user.email}</strong>.</p>
      <div class="actions"><button type="button" onClick=${join} disabled=${action.busy}>Join the workspace</button>
        <button type="button" class="secondary" onClick=${signOut} disabled=${action.busy}>Use another account</button></div>
      ${code && WHY[code] ? html`<p class="alert" role="alert">${WHY[code]}</p>` : html`<${Alert} error=${action.error} />`}`;
  }
  return html`<${PublicPage} title="Join a workspace">${body}<${Alert} error=${session.error} /></${PublicPage}>`;
}
