// The email module's slice of the configuration (config.ts reads it from the environment).
export interface MailConfig {
  /** Outgoing mail over SMTP (`SMTP_URL`); without it mail goes to the log (never in production). */
  smtpUrl: string | undefined;
  from: string;
  /** AgentMail inbox API, used when EMAIL_PROVIDER=agentmail. */
  agentmail: { apiKey: string; baseUrl: string; domain: string | undefined } | undefined;
  /** Base delay of the inbox provisioning backoff (1×, 2× between the 3 attempts). */
  inboxRetryBaseMs: number;
}
