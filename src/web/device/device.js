// The device approval page: sign in if needed, look up the code, approve or deny.
// It only talks to this server's JSON API, with the session cookie.
'use strict';

const $ = (id) => document.getElementById(id);
const SECTIONS = ['signin', 'code', 'review', 'done'];
let current = null;

function show(id) {
  for (const s of SECTIONS) $(s).hidden = s !== id;
}

function fail(message) {
  $('error').textContent = message;
  $('error').hidden = !message;
}

async function api(method, path, body) {
  const res = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = res.status === 204 ? null : await res.json().catch(() => null);
  if (!res.ok) throw new Error(data?.error?.message ?? `Request failed (${res.status})`);
  return data;
}

async function review(code) {
  const [auth, workspaces] = await Promise.all([
    api('GET', `/api/v1/device-authorizations/${encodeURIComponent(code)}`),
    api('GET', '/api/v1/workspaces'),
  ]);
  if (auth.status !== 'pending') throw new Error(`This code is ${auth.status}. Start again on the device.`);
  if (!workspaces.length) throw new Error('You have no workspace to connect. Create one first.');
  current = code;
  $('client-name').textContent = auth.clientName;
  $('review-code').textContent = code.toUpperCase();
  $('expires').textContent = new Date(auth.expiresAt).toLocaleTimeString();
  $('workspace').replaceChildren(...workspaces.map((w) => new Option(`${w.displayName} (${w.id})`, w.id, false, w.id === auth.workspace)));
  $('scopes').replaceChildren(...auth.requestedScopes.map((scope) => {
    const li = document.createElement('li');
    const label = document.createElement('label');
    const box = Object.assign(document.createElement('input'), { type: 'checkbox', checked: true, value: scope, name: 'scope' });
    label.append(box, document.createTextNode(scope));
    li.append(label);
    return li;
  }));
  show('review');
}

function finish(title, text) {
  $('done-title').textContent = title;
  $('done-text').textContent = text;
  show('done');
}

async function guarded(fn) {
  fail('');
  try {
    await fn();
  } catch (err) {
    fail(err.message);
  }
}

$('signin').addEventListener('submit', (e) => {
  e.preventDefault();
  guarded(async () => {
    await api('POST', '/api/v1/auth/login', { email: $('email').value, password: $('password').value });
    show('code');
    if ($('code-input').value) await review($('code-input').value.trim());
  });
});

$('code').addEventListener('submit', (e) => {
  e.preventDefault();
  guarded(() => review($('code-input').value.trim()));
});

$('review').addEventListener('submit', (e) => {
  e.preventDefault();
  guarded(async () => {
    const scopes = [...document.querySelectorAll('input[name=scope]:checked')].map((b) => b.value);
    if (!scopes.length) throw new Error('Keep at least one scope, or deny.');
    await api('POST', `/api/v1/device-authorizations/${encodeURIComponent(current)}/approve`, { workspace: $('workspace').value, scopes });
    finish('Approved', `${$('client-name').textContent} now has access to ${$('workspace').value}. You can return to it.`);
  });
});

$('deny').addEventListener('click', () => {
  guarded(async () => {
    await api('POST', `/api/v1/device-authorizations/${encodeURIComponent(current)}/deny`);
    finish('Denied', 'The device did not get access.');
  });
});

guarded(async () => {
  const code = new URLSearchParams(location.search).get('code');
  if (code) $('code-input').value = code;
  try {
    await api('GET', '/api/v1/auth/session');
  } catch {
    show('signin');
    return;
  }
  show('code');
  if (code) await review(code);
});
