import type { Mailer, MailMessage } from '../email/email.service.ts';

// The mail loop both scheduled deliveries share (a workspace's report, the agency portfolio): each
// recipient not yet reached gets the mail once, an unsubscribed address is skipped, every outcome
// is recorded by the caller's log, and the failures are counted so the job can throw for a retry.

export type DeliveryOutcome = { status: 'sent' | 'failed' | 'skipped_unsubscribed'; via?: string; error?: string; attempted: boolean };

export async function mailEach(o: {
  todo: string[]; unsubscribed: Set<string>; mailer: Mailer | null; via: 'attachment' | 'link';
  message(to: string): MailMessage;
  record(to: string, outcome: DeliveryOutcome): Promise<void>;
  onError(err: unknown, to: string): void;
}): Promise<number> {
  let failed = 0;
  for (const to of o.todo) {
    if (o.unsubscribed.has(to)) {
      await o.record(to, { status: 'skipped_unsubscribed', attempted: false });
      continue;
    }
    try {
      if (!o.mailer) throw new Error('No mail transport is configured (SMTP_URL).');
      await o.mailer.send(o.message(to));
      await o.record(to, { status: 'sent', via: o.via, attempted: true });
    } catch (err) {
      failed++;
      await o.record(to, { status: 'failed', error: (err as Error).message, attempted: true });
      o.onError(err, to);
    }
  }
  return failed;
}
