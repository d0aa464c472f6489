import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable } from '../helpers/browser.ts';
import { signup } from '../helpers/app.ts';
import { acceptNextDialog, openSettingsWorld, type SettingsWorld } from './settings-setup.ts';

// The team section in Chromium: an owner invites two people (one invitation is withdrawn, the
// other accepted through the API by the invitee), promotes the new member and demotes them again,
// sees the API refuse to leave the workspace without an owner, and removes the member; a third
// person follows the invitation mail's link, creates an account and joins.

const SLUG = 'team';
let w: SettingsWorld;

beforeAll(async () => {
  if (!browserAvailable) return;
  w = await openSettingsWorld(SLUG, 'owner@team.example');
}, 120_000);
afterEach(async (test) => {
  if (test.task.result?.state === 'fail') await w?.shot(`failed-team-${test.task.name.slice(0, 24).replace(/\W+/g, '-')}`).catch(() => {});
});
afterAll(async () => { await w?.close(); });

const tokenFor = (to: string) => /invitation token is (\S+)/.exec(w.ctx.mails.filter((m) => m.to === to && m.subject.includes('invited')).at(-1)!.text)![1]!;

describe.runIf(browserAvailable)('team settings in Chromium', () => {
  it('invites by email, lists the invitation, and withdraws one after confirming', async () => {
    const { page } = w;
    await page.goto(`${w.base}/w/${SLUG}/settings#team`);
    const team = page.locator('#team');
    await team.locator('#members th', { hasText: 'owner@team.example' }).waitFor();
    await team.locator('#invite-email').fill('not-an-email');
    await team.locator('#invite-email').evaluate((el: HTMLInputElement) => { el.type = 'text'; });
    await team.getByRole('button', { name: 'Invite' }).click();
    await expect.poll(() => team.locator('#invite-email').getAttribute('aria-invalid')).toBe('true');
    for (const email of ['bob@team.example', 'carol@team.example']) {
      await team.locator('#invite-email').fill(email);
      await team.getByRole('button', { name: 'Invite' }).click();
      await team.getByText(`Invitation sent to ${email}`).waitFor();
    }
    await team.locator('#invitations th', { hasText: 'carol@team.example' }).waitFor();
    const asked = acceptNextDialog(page);
    await team.getByRole('button', { name: 'Withdraw invitation to carol@team.example' }).click();
    expect(await asked).toContain('carol@team.example');
    await team.getByText('Invitation to carol@team.example withdrawn.').waitFor();
    const listed = await w.call('GET', `/api/v1/workspaces/${SLUG}/members`);
    expect(listed.body.invitations.map((i: { email: string }) => i.email)).toEqual(['bob@team.example']);
  });

  it('promotes an accepted member to owner and back, and removes them', async () => {
    const { page } = w;
    const bob = await signup(w.ctx.app, 'bob@team.example');
    const accepted = await w.call('POST', '/api/v1/invitations/accept', { token: tokenFor('bob@team.example') }, bob.cookie);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    // Bob, a member, sees the team but none of the owners' controls.
    const bobContext = await w.browser.newContext();
    const [name, value] = bob.cookie.split('=') as [string, string];
    await bobContext.addCookies([{ name, value, url: w.base }]);
    const bobPage = await bobContext.newPage();
    await bobPage.goto(`${w.base}/w/${SLUG}/settings#team`);
    await bobPage.getByText('Only owners invite people and change roles.').waitFor();
    expect(await bobPage.getByLabel('Role of owner@team.example').isDisabled()).toBe(true);
    expect(await bobPage.locator('#team').getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    expect(await bobPage.locator('#team').getByRole('button', { name: 'Leave workspace' }).count()).toBe(1);
    await bobContext.close();

    await page.reload();
    const team = page.locator('#team');
    const role = team.getByLabel('Role of bob@team.example');
    await role.waitFor();
    expect(await role.inputValue()).toBe('member');
    let asked = acceptNextDialog(page);
    await role.selectOption('owner');
    expect(await asked).toMatch(/owner/);
    await team.getByText('bob@team.example is now an owner.').waitFor();
    expect((await w.call('GET', `/api/v1/workspaces/${SLUG}/members`)).body.members.find((m: { userId: string }) => m.userId === bob.user.id).role).toBe('owner');

    // Declining keeps the role, and the select shows the stored one again.
    page.once('dialog', (d) => void d.dismiss());
    await role.selectOption('member');
    await expect.poll(() => role.inputValue()).toBe('owner');
    asked = acceptNextDialog(page);
    await role.selectOption('member');
    await asked;
    await team.getByText('bob@team.example is now a member.').waitFor();
    await w.shot('team');

    asked = acceptNextDialog(page);
    await team.getByRole('button', { name: 'Remove bob@team.example' }).click();
    await asked;
    await team.getByText('bob@team.example removed.').waitFor();
    expect((await w.call('GET', `/api/v1/workspaces/${SLUG}/members`)).body.members).toHaveLength(1);
  });

  it('shows the refusal when the last owner would demote themself', async () => {
    const { page } = w;
    const team = page.locator('#team');
    const mine = team.getByLabel('Role of owner@team.example');
    const asked = acceptNextDialog(page);
    await mine.selectOption('member');
    expect(await asked).toContain('You will no longer manage the team');
    await team.getByRole('alert').filter({ hasText: /owner/i }).waitFor();
    await expect.poll(() => mine.inputValue()).toBe('owner');
    expect((await w.call('GET', `/api/v1/workspaces/${SLUG}/members`)).body.members[0].role).toBe('owner');
  });

  it('an invited person follows the mail link, creates an account, comes back and joins', async () => {
    const invited = await w.call('POST', `/api/v1/workspaces/${SLUG}/members`, { email: 'dave@team.example', role: 'member' });
    expect(invited.status).toBe(201);
    const mail = w.ctx.mails.filter((m) => m.to === 'dave@team.example').at(-1)!;
    // The link carries the token in its fragment; the API route is there for agents.
    const link = /^(\S+\/invite#token=(\S+))$/m.exec(mail.text)!;
    expect(link[1]).toBe(`http://127.0.0.1:3000/invite#token=${tokenFor('dave@team.example')}`);
    const fresh = await w.browser.newContext({ locale: 'en-US' });
    const page = await fresh.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`${w.base}/invite#token=${link[2]}`);
    await page.getByRole('link', { name: 'Create an account' }).waitFor(); // drawn by the page's script
    expect(new URL(page.url()).hash).toBe(''); // taken out of the address bar at once
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Email').fill('dave@team.example');
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Signed in as dave@team.example.').waitFor();
    await w.shot('invite', page);
    await page.getByRole('button', { name: 'Join the workspace' }).click();
    await page.waitForURL(`${w.base}/w/${SLUG}`);
    const members = (await w.call('GET', `/api/v1/workspaces/${SLUG}/members`)).body.members as Array<{ email: string; role: string }>;
    expect(members.find((m) => m.email === 'dave@team.example')?.role).toBe('member');
    // The link, used once, says so in words.
    await page.goto(`${w.base}/invite#token=${link[2]}`);
    await page.getByRole('button', { name: 'Join the workspace' }).click();
    await page.getByRole('alert').filter({ hasText: 'already used' }).waitFor();
    expect(problems).toEqual([]);
    await fresh.close();
  });

  it('an invitation opened while signed in as someone else says so and joins nobody', async () => {
    expect((await w.call('POST', `/api/v1/workspaces/${SLUG}/members`, { email: 'frank@team.example', role: 'member' })).status).toBe(201);
    const mail = w.ctx.mails.filter((m) => m.to === 'frank@team.example').at(-1)!;
    const token = /\/invite#token=(\S+)$/m.exec(mail.text)![1]!;
    const { page } = w; // signed in as the owner
    await page.goto(`${w.base}/invite#token=${token}`);
    await page.getByText('Signed in as owner@team.example.').waitFor();
    await page.getByRole('button', { name: 'Join the workspace' }).click();
    await page.getByRole('alert').filter({ hasText: 'This invitation was sent to another email address' }).waitFor();
    const members = (await w.call('GET', `/api/v1/workspaces/${SLUG}/members`)).body.members as Array<{ email: string }>;
    expect(members.map((m) => m.email)).not.toContain('frank@team.example');
  });

  it('a new account confirms its address by following the mail link, once', async () => {
    const erin = await signup(w.ctx.app, 'erin@team.example');
    const mail = w.ctx.mails.filter((m) => m.to === 'erin@team.example' && m.subject.includes('Verify')).at(-1)!;
    const token = /\/verify-email#token=(\S+)$/m.exec(mail.text)![1]!;
    expect(mail.text).toContain(`verification token is ${token}`);
    const fresh = await w.browser.newContext({ locale: 'en-US' }); // the mail is often opened on another device: no session needed
    const page = await fresh.newPage();
    await page.goto(`${w.base}/verify-email#token=${token}`);
    expect(new URL(page.url()).hash).toBe('');
    await page.getByRole('button', { name: 'Confirm my email address' }).click();
    await page.getByText('erin@team.example is confirmed.').waitFor();
    await w.shot('verify-email', page);
    expect((await w.call('GET', '/api/v1/auth/session', undefined, erin.cookie)).body.user.emailVerified).toBe(true);
    await page.goto('about:blank'); // from /verify-email, the link alone would only change the fragment
    await page.goto(`${w.base}/verify-email#token=${token}`);
    await page.getByRole('button', { name: 'Confirm my email address' }).click();
    await page.getByRole('alert').filter({ hasText: 'already used or expired' }).waitFor();
    // A new link needs a session; this device has none, so it says to sign in first.
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await page.getByRole('alert').filter({ hasText: 'Sign in first, then send a new link' }).waitFor();
    // Signed in, the page (its spent token gone) sends a new link.
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill('erin@team.example');
    await page.getByLabel('Password').fill('correct horse battery');
    const sent = w.ctx.mails.length;
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('This page needs the link from your verification mail').waitFor();
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await page.getByRole('alert').filter({ hasText: 'already verified' }).waitFor(); // erin confirmed above: 409 said as is
    expect(w.ctx.mails.length).toBe(sent);
    await fresh.close();
  });

  it('logged no script error and no CSP violation', () => {
    expect(w.problems).toEqual([]);
  });
});
