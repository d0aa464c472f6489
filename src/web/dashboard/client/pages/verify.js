// Confirming an email address from its mail: /verify-email#token=…. Public, as the API route is
// (the token is the credential); a click confirms, so a mail scanner that opens links does not.
// A used or expired link offers a new mail to whoever is signed in.
import { Alert, Notice, PublicPage, fragmentToken, html, say, sayWith, useAction, useState, call, client } from '../lib.js';

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
    setNotice(say('dashboard.verify.sent'));
  });
  const code = action.error?.code;
  // "Send a new link" needs a session: without one, sign in and come back here, where the page
  // (its spent token gone) offers the new link again.
  const signInFirst = action.error?.status === 401;
  const again = html`<div class="actions"><button type="button" class="secondary" onClick=${resend} disabled=${action.busy}>${say('dashboard.verify.resend')}</button></div>`;
  let body;
  if (done) body = html`<p>${sayWith('dashboard.verify.done', {}, { email: html`<strong>${done.email}</strong>` })}</p><p><a class="button" href="/">${say('dashboard.invite.home')}</a></p>`;
  else if (!token) body = html`<p>${say('dashboard.verify.noToken')}</p>${again}`;
  else {
    body = html`<p>${say('dashboard.verify.ask')}</p>
      <div class="actions"><button type="button" onClick=${confirmIt} disabled=${action.busy}>${say('dashboard.verify.confirm')}</button></div>
      ${code === 'invalid_token' ? html`<p class="alert" role="alert">${say('dashboard.verify.invalid')}</p>${again}` : null}`;
  }
  return html`<${PublicPage} title=${say('dashboard.page.verify')}>
    ${body}<${Notice}>${notice}</${Notice}>
    ${signInFirst ? html`<p class="alert" role="alert">${sayWith('dashboard.verify.signInFirst', {}, { link: html`<a href=${`/signin?next=${encodeURIComponent('/verify-email')}`}>${say('dashboard.page.signin')}</a>` })}</p>` : null}
    ${code === 'invalid_token' || signInFirst ? null : html`<${Alert} error=${action.error} />`}
  </${PublicPage}>`;
}
