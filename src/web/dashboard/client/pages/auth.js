// Sign-in and sign-up: the accounts API sets the session cookie; then on to `next` or home.
import { Alert, PublicPage, html, useAction, useState, call, client } from '../lib.js';
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
      <label for="email">Email</label>
      <input id="email" name="email" type="email" autocomplete="username" required value=${email} onInput=${(e) => setEmail(e.target.value)} />
      <label for="password">Password</label>
      <input id="password" name="password" type="password" autocomplete=${autocomplete} minlength="10" required value=${password} onInput=${(e) => setPassword(e.target.value)} />
      <${Alert} error=${action.error} />
      <button type="submit" disabled=${action.busy}>${submitLabel}</button>
    </form>
    <p>${footer}</p>
  </${PublicPage}>`;
}

export const SignIn = () => html`<${AuthForm} title="Sign in" submitLabel="Sign in" autocomplete="current-password"
  onSubmit=${(body) => call(client.POST('/api/v1/auth/login', { body }))}
  footer=${html`New here? <a href=${`/signup${location.search}`}>Create an account</a>`}>
  <p class="muted">See how visible your brand is in AI answers, and what to do about it.</p>
</${AuthForm}>`;

export const SignUp = () => html`<${AuthForm} title="Create your account" submitLabel="Create account" autocomplete="new-password"
  onSubmit=${(body) => call(client.POST('/api/v1/auth/signup', { body }))}
  footer=${html`Already have an account? <a href=${`/signin${location.search}`}>Sign in</a>`}>
  <p class="muted">Passwords need at least 10 characters.</p>
</${AuthForm}>`;
