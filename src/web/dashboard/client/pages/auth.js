// Sign-in and sign-up: the accounts API sets the session cookie; then on to `next` or home.
import { Alert, PublicPage, html, say, sayWith, useAction, useState, call, client } from '../lib.js';
import { safeNext } from '../safe-next.ts';

/** Only a page of this site may be a destination after signing in (no open redirect). */
const next = () => safeNext(new URLSearchParams(location.search).get('next') ?? '/', location.origin);

function AuthForm({ title, submitLabel, onSubmit, children, footer, autocomplete }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const action = useAction();
  const submit = (e) => {
    e.preventDefault();
    action.run(async () => {
      await onSubmit({ email, password });
      location.assign(next());
    });
  };
  return html`<${PublicPage} title=${title}>
    ${children}
    <form onSubmit=${submit} class="stack">
      <label for="email">${say('dashboard.auth.email')}</label>
      <input id="email" name="email" type="email" autocomplete="username" required value=${email} onInput=${(e) => setEmail(e.target.value)} />
      <label for="password">${say('dashboard.auth.password')}</label>
      <input id="password" name="password" type="password" autocomplete=${autocomplete} minlength="10" required value=${password} onInput=${(e) => setPassword(e.target.value)} />
      <${Alert} error=${action.error} />
      <button type="submit" disabled=${action.busy}>${submitLabel}</button>
    </form>
    <p>${footer}</p>
  </${PublicPage}>`;
}

export const SignIn = () => html`<${AuthForm} title=${say('dashboard.page.signin')} submitLabel=${say('dashboard.page.signin')} autocomplete="current-password"
  onSubmit=${(body) => call(client.POST('/api/v1/auth/login', { body }))}
  footer=${sayWith('dashboard.auth.newHere', {}, { link: html`<a href=${`/signup${location.search}`}>${say('dashboard.auth.createAccountLink')}</a>` })}>
  <p class="muted">${say('dashboard.auth.pitch')}</p>
</${AuthForm}>`;

export const SignUp = () => html`<${AuthForm} title=${say('dashboard.page.signup')} submitLabel=${say('dashboard.auth.createAccount')} autocomplete="new-password"
  onSubmit=${(body) => call(client.POST('/api/v1/auth/signup', { body }))}
  footer=${sayWith('dashboard.auth.haveAccount', {}, { link: html`<a href=${`/signin${location.search}`}>${say('dashboard.page.signin')}</a>` })}>
  <p class="muted">${say('dashboard.auth.passwordRule', { n: 10 })}</p>
</${AuthForm}>`;
