import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../lib/db.ts';
import { workspaceInboxes } from './email.tables.ts';

// Outgoing mail and workspace inboxes, each behind an adapter. No adapter is a real provider
// yet: mail is written to the log (local and test mode), and inbox provisioning reports
// `unconfigured` rather than inventing an address.

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createLogMailer(log: FastifyBaseLogger, showContent: boolean): Mailer {
  return {
    async send(message) {
      if (showContent) log.info({ mail: message }, `mail to ${message.to}: ${message.subject}`);
      else log.warn({ to: message.to, subject: message.subject }, 'mail not sent: no email provider is configured');
    },
  };
}

export type InboxResult =
  | { status: 'provisioned'; email: string; inboxId: string }
  | { status: 'username_conflict'; message: string };

/** A provider that creates a mailbox for a workspace (the agent's inbox). It may throw on failure. */
export interface InboxProvider {
  name: string;
  createInbox(request: { workspace: string; username: string }): Promise<InboxResult>;
}

export interface EmailProvisioning {
  workspace: string;
  status: 'provisioned' | 'unconfigured' | 'failed' | 'username_conflict';
  email: string | null;
  inboxId: string | null;
  attempts: number;
  message: string;
}

const MAX_ATTEMPTS = 3;

export function createEmailService(deps: { db: Db; inboxProvider: InboxProvider | null; log: FastifyBaseLogger }) {
  const { db, inboxProvider, log } = deps;

  async function attemptProvision(slug: string): Promise<Omit<EmailProvisioning, 'workspace'>> {
    if (!inboxProvider) {
      return {
        status: 'unconfigured', email: null, inboxId: null, attempts: 0,
        message: 'No email provider is configured (EMAIL_PROVIDER=none), so this workspace has no inbox.',
      };
    }
    let lastError = 'unknown error';
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      try {
        const result = await inboxProvider.createInbox({ workspace: slug, username: slug });
        if (result.status === 'provisioned') {
          return { ...result, attempts: attempt, message: `Inbox created by ${inboxProvider.name}.` };
        }
        return { status: 'username_conflict', email: null, inboxId: null, attempts: attempt, message: result.message };
      } catch (err) {
        lastError = (err as Error).message;
      }
    }
    return {
      status: 'failed', email: null, inboxId: null, attempts: MAX_ATTEMPTS,
      message: `${inboxProvider.name} failed ${MAX_ATTEMPTS} times: ${lastError}`,
    };
  }

  return {
    /** Called after the workspace is committed: the provider is never called inside a transaction. */
    async provisionInbox(workspace: { id: string; slug: string }): Promise<EmailProvisioning> {
      const outcome = await attemptProvision(workspace.slug);
      const row = { workspaceId: workspace.id, ...outcome, updatedAt: new Date() };
      try {
        await db.insert(workspaceInboxes).values(row).onConflictDoUpdate({ target: workspaceInboxes.workspaceId, set: row });
      } catch (err) {
        // The workspace is committed already: report the outcome rather than fail the creation.
        log.error({ err, workspace: workspace.slug }, 'could not record the inbox provisioning outcome');
      }
      return { workspace: workspace.slug, ...outcome };
    },

    async getProvisioning(workspace: { id: string; slug: string }): Promise<EmailProvisioning | null> {
      const [row] = await db.select().from(workspaceInboxes).where(eq(workspaceInboxes.workspaceId, workspace.id));
      if (!row) return null;
      const { status, email, inboxId, attempts, message } = row;
      return { workspace: workspace.slug, status: status as EmailProvisioning['status'], email, inboxId, attempts, message };
    },
  };
}
export type EmailService = ReturnType<typeof createEmailService>;
