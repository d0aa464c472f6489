import { classifyInboxResponse, type AttemptOutcome } from './email.fns.ts';
import { trimTrailingSlashes } from '../../lib/text/trim.ts';

// Adapter to AgentMail's hosted inbox API (https://docs.agentmail.to): `POST /v0/inboxes` with a
// Bearer key and `{username, domain?, display_name, client_id}`. `client_id` is the workspace id,
// so that a retry after a lost answer returns the inbox already made instead of a second one.

export interface InboxAttempt {
  name: string;
  /** One attempt; never throws: network faults are classed as `retry`. */
  attempt(request: { workspaceId: string; username: string; displayName: string }): Promise<AttemptOutcome>;
}

export function createAgentMailProvider(opts: { apiKey: string; baseUrl: string; domain?: string; timeoutMs?: number }): InboxAttempt {
  const base = trimTrailingSlashes(opts.baseUrl);
  return {
    name: 'AgentMail',
    async attempt({ workspaceId, username, displayName }) {
      let response: Response;
      try {
        response = await fetch(`${base}/v0/inboxes`, {
          method: 'POST',
          headers: { authorization: `Bearer ${opts.apiKey}`, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ username, ...(opts.domain ? { domain: opts.domain } : {}), display_name: displayName, client_id: workspaceId }),
          signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
        });
      } catch (err) {
        return { kind: 'retry', message: `could not reach the provider: ${(err as Error).message}` };
      }
      const text = await response.text().catch(() => '');
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = null;
      }
      return classifyInboxResponse(response.status, body);
    },
  };
}
