import { AppError } from '../../lib/errors.ts';
import { dummyPasswordHash, hashPassword, needsRehash, PASSWORD_SCRYPT, randomToken, sha256, verifyPassword, type ScryptParams } from '../../lib/crypto.ts';
import type { Db } from '../../lib/db.ts';
import { newId } from '../../lib/ids.ts';
import type { Clock } from '../../lib/clock.ts';
import { notKept, type KeptScope } from '../../lib/reads-cache.ts';
import type { SessionPrincipal } from '../../lib/http/types.ts';
import type { Mailer } from '../email/email.service.ts';
import type { AccountsRepo, UserRow } from './accounts.repo.ts';
import { LANGUAGES, type Language } from '../../lib/format/format.ts';

const isLanguage = (v: string | null): v is Language => v !== null && (LANGUAGES as readonly string[]).includes(v);

export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
const VERIFICATION_TTL_MS = 24 * 3600 * 1000;

export interface UserView {
  id: string;
  email: string;
  name: string | null;
  emailVerified: boolean;
  /** The dashboard language the person chose; null: the browser's Accept-Language decides. */
  language: Language | null;
  createdAt: string;
}

export function userView(row: UserRow): UserView {
  return { id: row.id, email: row.email, name: row.name, emailVerified: row.emailVerifiedAt !== null, language: isLanguage(row.language) ? row.language : null, createdAt: row.createdAt.toISOString() };
}

const invalidCredentials = () => new AppError('invalid_credentials', 'Email or password is incorrect.');

export function createAccountsService(deps: {
  repo: AccountsRepo; clock: Clock; mailer: Mailer; onMailError?: (err: unknown) => void;
  /** Where the dashboard is served: the mail's link to /verify-email. */
  publicBaseUrl: string;
  /** scrypt cost of new hashes; PASSWORD_SCRYPT unless a test asks for less (see app.ts). */
  passwordParams?: ScryptParams;
  /** Runs in the transaction that marks an email verified (e.g. the free grant held back until then). */
  onVerified?: (tx: Db, userId: string) => Promise<void>;
  /** Where a live session is kept by its token's hash (issue 47): a sign-out drops it; its end is judged on each request. */
  kept?: KeptScope;
}) {
  const { repo, clock, mailer } = deps;
  const kept = deps.kept ?? notKept;
  const passwordParams = deps.passwordParams ?? PASSWORD_SCRYPT;

  async function startSession(userId: string) {
    const token = randomToken(32);
    const now = clock.now();
    await repo.insertSession({ id: newId('ses'), tokenHash: sha256(token), userId, createdAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) });
    return token;
  }

  async function sendVerification(user: UserRow) {
    const token = randomToken(24);
    const now = clock.now();
    await repo.insertVerification({ tokenHash: sha256(token), userId: user.id, email: user.email, createdAt: now, expiresAt: new Date(now.getTime() + VERIFICATION_TTL_MS) });
    await mailer.send({
      to: user.email,
      subject: 'Verify your email address',
      // A person follows the link (the token in its fragment, which no server or Referer sees);
      // an agent posts the token itself.
      text: [
        'Confirm your email address for GEO visibility (the link works for 24 hours; a new workspace\'s free credit waits for it):',
        `${deps.publicBaseUrl}/verify-email#token=${token}`, '',
        `Through the API instead: your verification token is ${token} — send {"token": "…"} to POST /api/v1/auth/verify-email.`,
      ].join('\n'),
    });
  }

  return {
    async signup(input: { email: string; password: string; name?: string }) {
      const passwordHash = await hashPassword(input.password, passwordParams);
      const user = await repo.insertUser({ id: newId('usr'), email: input.email.toLowerCase(), name: input.name ?? null, passwordHash, createdAt: clock.now() });
      if (!user) throw new AppError('email_taken', 'An account with this email already exists.');
      // The account exists now; a mail failure must not turn the signup into an error (resend exists).
      await sendVerification(user).catch((err) => deps.onMailError?.(err));
      return { user: userView(user), token: await startSession(user.id) };
    },

    async login(input: { email: string; password: string }) {
      const user = await repo.userByEmail(input.email.toLowerCase());
      // Unknown email and wrong password cost the same and answer the same: the dummy hash has
      // the parameters of new hashes.
      const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash(passwordParams)));
      if (!user || !ok) throw invalidCredentials();
      // A hash made at a lower cost is upgraded now, while the plaintext is at hand; the swap is
      // conditional so a password changed meanwhile is never overwritten.
      if (needsRehash(user.passwordHash, passwordParams)) {
        await repo.replacePasswordHash(user.id, user.passwordHash, await hashPassword(input.password, passwordParams));
      }
      return { user: userView(user), token: await startSession(user.id) };
    },

    async logout(sessionId: string) {
      const done = kept.writing();
      try {
        await repo.revokeSession(sessionId, clock.now());
      } finally {
        done();
      }
    },

    async findSession(token: string): Promise<SessionPrincipal | null> {
      const tokenHash = sha256(token);
      const now = clock.now();
      const session = await kept.found(`session|${tokenHash}`, () => repo.activeSession(tokenHash, now));
      return session && session.expiresAt > now ? { kind: 'session', userId: session.userId, sessionId: session.id } : null;
    },

    async currentUser(userId: string): Promise<UserView> {
      const user = await repo.userById(userId);
      if (!user) throw new AppError('invalid_key', 'The session no longer has an account.');
      return userView(user);
    },

    /** Sets (or, with null, clears) the person's dashboard language. */
    async setLanguage(userId: string, language: Language | null): Promise<UserView> {
      const row = await repo.setLanguage(userId, language);
      if (!row) throw new AppError('not_found', 'No such user.');
      return userView(row);
    },
    async usersByIds(ids: string[]): Promise<UserView[]> {
      return (await repo.usersByIds(ids)).map(userView);
    },

    async userByEmail(email: string): Promise<UserView | null> {
      const user = await repo.userByEmail(email.toLowerCase());
      return user ? userView(user) : null;
    },

    async verifyEmail(token: string): Promise<UserView> {
      const user = await repo.consumeVerification(sha256(token), clock.now(), deps.onVerified);
      if (!user) throw new AppError('invalid_token', 'The verification token is unknown, used or expired.');
      return userView(user);
    },

    /**
     * Whether the user's email is verified, read inside `tx` under a lock that a concurrent
     * verification waits for: work that depends on it (the free grant) sees one state or the other.
     */
    emailVerifiedIn: (tx: Db, userId: string) => repo.emailVerifiedLocked(tx, userId),

    async resendVerification(userId: string) {
      const user = await repo.userById(userId);
      if (!user) throw new AppError('invalid_key', 'The session no longer has an account.');
      if (user.emailVerifiedAt) throw new AppError('invalid_state', 'The email address is already verified.');
      await sendVerification(user);
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
