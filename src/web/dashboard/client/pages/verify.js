// Confirming an email address from its mail: /verify-email#token=…. Public, as the API route is
// (the token is the credential); a click confirms, so a mail scanner that opens links does not.
// A used or expired link offers a new mail to whoever is signed in.
import { Alert, Notice, PublicPage, fragmentToken, html, useAction, useState, call, client } from '../lib.js';

const KEY = 'geo.verification';

export function Verify() {
  const [token] = useState(() => fragmentToken(KEY));
  const [done, setDone] = useState(null);
  const [notice, setNotice] = useState('');
  const action = useAction();
  const confirmIt = () => action.run(async () => {
    const { user } = await call(client.POST('/api/v1/auth/verify-email', { body: { token } })).catch((err) => {
      if (err.code === 'invalid_token') sessionStorage.removeItem(KEY); // spent: not offered again after signing in
      throw err;
    });
    sessionStorage.removeItem(KEY);
    setDone(user);
  });
  const resend = () => action.run(async () => {
    await call(client.POST('/api/v1/auth/verify-email/resend'));
    setNotice('A new link is on its way: check your mail.');
  });
  const code = action.error?.code;
  // "Send a new link" needs a session: without one, sign in and come back here, where the page
  // (its spent token gone) offers the new link again.
  const signInFirst = action.error?.status === 401;
  const again = html`<div class="actions"><button type="button" class="secondary" onClick=${resend} disabled=${action.busy}>Send a new link</button></div>`;
  let body;
  if (done) body = html`<p>Thank you: <strong>${done.email}</strong> is confirmed. If a free credit was waiting for it, it is now in your first workspace.</p><p><a class="button" href="/">Go to your workspaces</a></p>`;
  else if (!token) body = html`<p>This page needs the link from your verification mail: open the mail and follow its link. Signed in, you can ask for a new one.</p>${again}`;
  else {
    body = html`<p>Confirm that this address is yours.</p>
      <div class="actions"><button type="button" onClick=${confirmIt} disabled=${action.busy}>Confirm my email address</button></div>
      ${code === 'invalid_token' ? html`<p class="alert" role="alert">This link is unknown, already used or expired. Signed in, you can ask for a new one.</p>${again}` : null}`;
  }
  return html`<${PublicPage} title="Confirm your email">
    ${body}<${Notice}>${notice}</${Notice}>
    ${signInFirst ? html`<p class="alert" role="alert">Sign in first, then send a new link: <a href=${`/signin?next=${encodeURIComponent('/verify-email')}`}>Sign in</a>.</p>` : null}
    ${code === 'invalid_token' || signInFirst ? null : html`<${Alert} error=${action.error} />`}
  </${PublicPage}>`;
}
