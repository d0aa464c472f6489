import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from './smtp.ts';
import { activeKey, createTestApp, createWorkspace, signup, testConfig, type TestContext } from '../../../test/helpers/app.ts';

// Outgoing mail through a real SMTP conversation with a local server, and inbox provisioning
// through a local server speaking AgentMail's `POST /v0/inboxes`.

interface Received { from: string; to: string[]; data: string }
const received: Received[] = [];
let smtp: SMTPServer;
let smtpPort: number;

type Answer = { status: number; body: unknown };
const agentmail = { queue: [] as Answer[], requests: [] as Array<{ auth: string | undefined; body: Record<string, unknown> }> };
let agentmailServer: http.Server;
let agentmailUrl: string;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), data: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;

  agentmailServer = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v0/inboxes') return void res.writeHead(404).end();
      const body = JSON.parse(raw);
      agentmail.requests.push({ auth: req.headers.authorization, body });
      const answer = agentmail.queue.shift() ?? { status: 200, body: { inbox_id: `${body.username}@agentmail.to`, display_name: body.display_name, client_id: body.client_id } };
      if (answer.status === 0) return void req.socket.destroy();
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => agentmailServer.listen(0, '127.0.0.1', resolve));
  agentmailUrl = `http://127.0.0.1:${(agentmailServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(resolve));
  await new Promise<void>((resolve) => agentmailServer.close(() => resolve()));
});

const mailConfig = (withInboxes: boolean) => ({
  smtpUrl: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`, from: 'GEO <no-reply@geo.test>', inboxRetryBaseMs: 0,
  agentmail: withInboxes ? { apiKey: 'am_test_key', baseUrl: agentmailUrl, domain: undefined } : undefined,
});

describe('outgoing mail over SMTP', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ mailer: undefined, config: testConfig({ mail: mailConfig(false) }) });
  });
  afterAll(() => ctx.close());

  it('sends the verification mail through the SMTP server', async () => {
    const { email } = await signup(ctx.app, `verify-${Date.now()}@example.com`);
    await expect.poll(() => received.find((m) => m.to.includes(email))).toBeTruthy();
    const mail = received.find((m) => m.to.includes(email))!;
    expect(mail.from).toBe('no-reply@geo.test');
    expect(mail.data).toMatch(/Subject: .+/);
    expect(mail.data).toMatch(/verify/i);
  });

  it('sends invitations through the SMTP server', async () => {
    const { cookie } = await signup(ctx.app);
    await createWorkspace(ctx.app, cookie, 'smtp-invite');
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/smtp-invite/members', headers: { cookie }, payload: { email: 'guest@example.com', role: 'member' } });
    expect(res.statusCode).toBe(201);
    await expect.poll(() => received.some((m) => m.to.includes('guest@example.com'))).toBe(true);
  });
});

describe('report mail over SMTP', () => {
  it('carries the HTML report and its CSV attachment', async () => {
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`, from: 'GEO <reports@geo.test>' });
    try {
      await mailer.send({ to: 'team@report.test', subject: 'Visibility summary', text: 'ready', html: '<h1>Visibility summary</h1>', attachments: [{ filename: 'rpt_1.csv', content: Buffer.from('a,b\r\n1,2\r\n'), contentType: 'text/csv' }] });
    } finally {
      mailer.close();
    }
    const mail = received.find((m) => m.to.includes('team@report.test'))!;
    expect(mail.data).toContain('Content-Type: text/html');
    expect(mail.data).toMatch(/filename=rpt_1\.csv|filename="rpt_1\.csv"/);
  });
});

describe('inbox provisioning through AgentMail', () => {
  let ctx: TestContext;
  let owner: string;
  beforeAll(async () => {
    ctx = await createTestApp({ config: testConfig({ emailProvider: 'agentmail', mail: mailConfig(true) }) });
    owner = (await signup(ctx.app)).cookie;
  });
  afterAll(() => ctx.close());

  const create = async (brand: string) =>
    (await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces', headers: { cookie: owner }, payload: (await import('../../../test/helpers/app.ts')).workspaceBody(brand) })).json().emailProvisioning;

  it('creates the inbox with the key, the slug as username and the workspace id as client_id', async () => {
    const before = agentmail.requests.length;
    const result = await create('am-ok');
    expect(result).toEqual({ workspace: 'am-ok', status: 'provisioned', email: 'am-ok@agentmail.to', inboxId: 'am-ok@agentmail.to', attempts: 1, message: 'Inbox created by AgentMail.' });
    const sent = agentmail.requests[before]!;
    expect(sent.auth).toBe('Bearer am_test_key');
    expect(sent.body).toMatchObject({ username: 'am-ok', display_name: 'Acme Analytics', client_id: expect.stringMatching(/^ws_/) });
  });

  it('retries transient failures (503, a dropped connection) and succeeds on the third attempt', async () => {
    agentmail.queue.push({ status: 503, body: { name: 'ServerError' } }, { status: 0, body: null });
    expect(await create('am-retry')).toMatchObject({ status: 'provisioned', attempts: 3 });
  });

  it('reports failed after 3 transient failures, with the last reason', async () => {
    agentmail.queue.push({ status: 500, body: 'not json' }, { status: 429, body: { name: 'RateLimitError' } }, { status: 502, body: { message: 'bad gateway' } });
    const result = await create('am-fail');
    expect(result).toMatchObject({ status: 'failed', email: null, inboxId: null, attempts: 3 });
    expect(result.message).toContain('bad gateway');
  });

  it('does not retry a permanent refusal', async () => {
    const before = agentmail.requests.length;
    agentmail.queue.push({ status: 401, body: { name: 'UnauthorizedError', message: 'invalid api key' } });
    expect(await create('am-denied')).toMatchObject({ status: 'failed', attempts: 1, message: 'AgentMail: provider refused (401): invalid api key' });
    expect(agentmail.requests.length - before).toBe(1);
  });

  it('reports a taken username as username_conflict without retrying', async () => {
    agentmail.queue.push({ status: 409, body: { name: 'AlreadyExistsError', message: 'Inbox already exists' } });
    expect(await create('am-taken')).toMatchObject({ status: 'username_conflict', email: null, attempts: 1 });
  });

  it('backfills a failed workspace (session only, owners only), counting every attempt', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/am-fail/email/backfill', headers: { cookie: owner } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ workspace: 'am-fail', status: 'provisioned', email: 'am-fail@agentmail.to', attempts: 4, changed: true });
    const again = await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/am-fail/email/backfill', headers: { cookie: owner } });
    expect(again.json()).toMatchObject({ status: 'provisioned', attempts: 4, changed: false });
    const conflict = await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/am-taken/email/backfill', headers: { cookie: owner } });
    expect(conflict.json()).toMatchObject({ status: 'username_conflict', changed: false });

    const key = await activeKey(ctx.app, owner, 'am-fail', { scopes: ['settings:read', 'settings:write'] });
    const byKey = await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/am-fail/email/backfill', headers: key.bearer });
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json().error.code).toBe('session_required');
    const read = await ctx.app.inject({ method: 'GET', url: '/api/v1/workspaces/am-fail/email', headers: key.bearer });
    expect(read.json()).toMatchObject({ status: 'provisioned', email: 'am-fail@agentmail.to' });
  });

  it('backfills every owned workspace left unconfigured when a provider appears', async () => {
    const plain = await createTestApp({}, ctx.database);
    const user = await signup(plain.app);
    await createWorkspace(plain.app, user.cookie, 'am-later');
    const before = await plain.app.inject({ method: 'GET', url: '/api/v1/workspaces/am-later/email', headers: { cookie: user.cookie } });
    expect(before.json()).toMatchObject({ status: 'unconfigured', attempts: 0 });
    await plain.close();

    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/email/backfill', headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([expect.objectContaining({ workspace: 'am-later', status: 'provisioned', attempts: 1, changed: true })]);
  });
});
