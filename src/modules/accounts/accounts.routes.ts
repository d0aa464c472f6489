import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimiter } from '../../lib/rate-limit/rate-limit.ts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { SESSION_COOKIE } from '../../lib/http/auth.ts';
import { sessionOf } from '../../lib/http/responses.ts';
import { SESSION_TTL_MS, type AccountsService } from './accounts.service.ts';
import { LoginBody, SignupBody, UserEnvelope, VerifyEmailBody } from './accounts.schemas.ts';

const tags = ['accounts'];

export function accountsRoutes(app: FastifyInstance, deps: { accounts: AccountsService; secureCookies: boolean; limiter: RateLimiter; attemptsPer10Min: number }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { accounts } = deps;
  // Each attempt costs a scrypt run: limit them per client address.
  const throttle = (request: FastifyRequest, action: string) =>
    deps.limiter.hit(`${action}:${request.ip}`, { limit: deps.attemptsPer10Min, windowMs: 10 * 60 * 1000 }, `Too many ${action} attempts from this address; retry later.`);

  const setSessionCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(SESSION_COOKIE, token, {
      signed: true, httpOnly: true, sameSite: 'lax', path: '/', secure: deps.secureCookies, maxAge: SESSION_TTL_MS / 1000,
    });

  r.post('/api/v1/auth/signup', {
    config: { credential: ACCESS.public },
    schema: { operationId: 'signup', tags, summary: 'Create an account and start a session', body: SignupBody, response: { 201: UserEnvelope } },
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
      description: 'Wrong email and wrong password both answer 401 `invalid_credentials`.',
      response: { 200: UserEnvelope },
    },
  }, async (request, reply) => {
    await throttle(request, 'login');
    const { user, token } = await accounts.login(request.body);
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
