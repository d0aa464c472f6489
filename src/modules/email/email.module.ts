import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../lib/db.ts';
import type { ModuleParts } from '../../lib/module.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import { createEmailService, createLogMailer, inboxProviderOf, type InboxProvider, type Mailer } from './email.service.ts';
import { createAgentMailProvider } from './agentmail.ts';
import { createSmtpMailer } from './smtp.ts';
import { emailRoutes } from './email.routes.ts';
import type { MailConfig } from './email.config.ts';

/**
 * Outgoing mail (SMTP when configured, else the log) and the workspaces' own inboxes (AgentMail).
 * `transport` is the configured sender alone (null without SMTP): scheduled report mail needs a
 * real one and says so, where account mail falls back to the log.
 */
export function emailModule(needs: {
  db: Db; log: FastifyBaseLogger; mail: MailConfig | undefined; showLoggedMail: boolean;
  /** Replaces the configured sender (tests read the mails). */
  mailer?: Mailer;
  /** Replaces the configured inbox provider (null: none). */
  inboxProvider?: InboxProvider | null;
  /** The routes check the workspace: made after this module, read at request time. */
  workspaces: () => WorkspacesService;
}) {
  const smtp = !needs.mailer && needs.mail?.smtpUrl ? createSmtpMailer({ url: needs.mail.smtpUrl, from: needs.mail.from }) : null;
  const transport = needs.mailer ?? smtp;
  const mailer = transport ?? createLogMailer(needs.log, needs.showLoggedMail);
  const configuredInboxes = needs.mail?.agentmail ? inboxProviderOf(createAgentMailProvider(needs.mail.agentmail)) : null;
  const email = createEmailService({ db: needs.db, inboxProvider: needs.inboxProvider === undefined ? configuredInboxes : needs.inboxProvider, log: needs.log, retryBaseMs: needs.mail?.inboxRetryBaseMs });
  return {
    name: 'email', email, mailer, transport,
    http(app: FastifyInstance) {
      emailRoutes(app, { email, workspaces: needs.workspaces() });
    },
    async close() {
      await smtp?.close();
    },
  } satisfies ModuleParts & Record<string, unknown>;
}
