import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimiter } from '../../lib/rate-limit/rate-limit.ts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { SESSION_COOKIE } from '../../lib/http/auth.ts';
import { sessionOf } from '../../lib/http/responses.ts';
import { AppError } from '../../lib/errors.ts';
import { sha256 } from '../../lib/crypto.ts';
import { addressBucket } from '../../lib/rate-limit/address.fns.ts';
import { SESSION_TTL_MS, type AccountsService } from './accounts.service.ts';
import { LoginBody, PreferencesBody, SignupBody, UserEnvelope, VerifyEmailBody } from './accounts.schemas.ts';

const tags = ['accounts'];
const AUTH_WINDOW_MS = 10 * 60 * 1000;
/** Failed sign-ins allowed per account (email) per window, from any addresses. */
export const LOGIN_FAILURES_PER_ACCOUNT = { limit: 10, windowMs: AUTH_WINDOW_MS };

export function accountsRoutes(app: FastifyInstance, deps: { accounts: AccountsService; secureCookies: boolean; limiter: RateLimiter; attemptsPer10Min: number }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { accounts } = deps;
  // Each attempt costs a scrypt run: limit them per client network (an IPv6 address counts as its /64).
  const throttle = (request: FastifyRequest, action: string) =>
    deps.limiter.hit(`${action}:${addressBucket(request.ip)}`, { limit: deps.attemptsPer10Min, windowMs: AUTH_WINDOW_MS }, `Too many ${action} attempts from this address; retry later.`);
  // And failed sign-ins per account, whatever the address: guessing one password from many
  // networks is throttled too. Unknown emails count alike, so the limit reveals no account.
  const accountBucket = (email: string) => `login-failed:${sha256(email.toLowerCase())}`;
  const accountMessage = 'Too many failed sign-ins for this account; retry later.';

  const setSessionCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(SESSION_COOKIE, token, {
      signed: true, httpOnly: true, sameSite: 'lax', path: '/', secure: deps.secureCookies, maxAge: SESSION_TTL_MS / 1000,
    });

  r.post('/api/v1/auth/signup', {
    config: { credential: ACCESS.public },
    schema: {
      operationId: 'signup', tags, summary: 'Create an account and start a session', body: SignupBody, response: { 201: UserEnvelope },
      description: 'A verification token is mailed. In production the free credit grant waits for the verified email. 429 `rate_limited` with Retry-After past AUTH_RATE_LIMIT attempts per client address (an IPv6 address counts as its /64) per 10 minutes.',
    },
  }, async (request, reply) => {
    await throttle(request, 'signup');
    const { user, token } = await accounts.signup(request.body);
    setSessionCookie(reply, token);
    return reply.status(201).send({ user });
  });

  r.post('/api/v1/auth/login', {
    config: { credential: ACCESS.public },
    schema: {
      operationId: 'login', tags, summary: 'Start a session', body: LoginBody,
      description: 'Wrong email and wrong password both answer 401 `invalid_credentials`. 429 `rate_limited` with Retry-After past AUTH_RATE_LIMIT attempts per client address (an IPv6 address counts as its /64) per 10 minutes, or past 10 failed attempts for one email per 10 minutes.',
      response: { 200: UserEnvelope },
    },
  }, async (request, reply) => {
    await throttle(request, 'login');
    const bucket = accountBucket(request.body.email);
    await deps.limiter.check(bucket, LOGIN_FAILURES_PER_ACCOUNT, accountMessage);
    const { user, token } = await accounts.login(request.body).catch(async (err: unknown) => {
      if (err instanceof AppError && err.code === 'invalid_credentials') await deps.limiter.hit(bucket, LOGIN_FAILURES_PER_ACCOUNT, accountMessage);
      throw err;
    });
    setSessionCookie(reply, token);
    return { user };
  });

  r.post('/api/v1/auth/logout', {
    config: { credential: ACCESS.account },
    schema: { operationId: 'logout', tags, summary: 'End the current session (revoked server-side)', response: { 204: Type.Null() } },
  }, async (request, reply) => {
    await accounts.logout(sessionOf(request).sessionId);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.status(204).send(null);
  });

  r.get('/api/v1/auth/session', {
    config: { credential: ACCESS.account },
    schema: { operationId: 'getSession', tags, summary: 'The signed-in user', response: { 200: UserEnvelope } },
  }, async (request) => ({ user: await accounts.currentUser(sessionOf(request).userId) }));

  r.put('/api/v1/account/preferences', {
    config: { credential: ACCESS.account },
    schema: {
      operationId: 'putPreferences', tags, summary: 'Set the language the dashboard speaks to you', body: PreferencesBody, response: { 200: UserEnvelope },
      description: 'The dashboard\'s words, number and date formats follow `language` (en, es, ca or fr; any other code is 400). `null` hands the choice back to the browser\'s Accept-Language. Workspace content (prompts, answers) stays in its own language; reports speak their own settings\' language. A session only.',
    },
  }, async (request) => ({ user: await accounts.setLanguage(sessionOf(request).userId, request.body.language) }));

  r.post('/api/v1/auth/verify-email', {
    config: { credential: ACCESS.public },
    schema: { operationId: 'verifyEmail', tags, summary: 'Confirm an email address with the mailed token', body: VerifyEmailBody, response: { 200: UserEnvelope } },
  }, async (request) => ({ user: await accounts.verifyEmail(request.body.token) }));

  r.post('/api/v1/auth/verify-email/resend', {
    config: { credential: ACCESS.account },
    schema: {
      operationId: 'resendVerificationEmail', tags, summary: 'Mail a new verification token',
      response: { 202: Type.Object({ sent: Type.Boolean() }) },
    },
  }, async (request, reply) => {
    await accounts.resendVerification(sessionOf(request).userId);
    return reply.status(202).send({ sent: true });
  });
}
