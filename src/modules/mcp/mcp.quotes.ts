import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { requestFingerprint } from '../../lib/idempotency/idempotency.ts';
import { mcpQuotes } from './mcp.tables.ts';

// Quotes for the MCP tools that spend credits (docs/mcp.md): issued to one key for one tool and
// the exact arguments, good for ten minutes, redeemed once. Redeeming is a single conditional
// UPDATE, so two processes racing with the same quote cannot both act.

export const QUOTE_TTL_MS = 10 * 60 * 1000;

export interface QuoteInput {
  keyId: string;
  workspaceId: string;
  tool: string;
  args: Record<string, unknown>;
  calls: number;
  amountMicrousd: number;
}

const badQuote = (message: string, reason: string) => new AppError('invalid_quote', message, { reason });

export function createQuotes(deps: { db: Db; clock: Clock; ttlMs?: number }) {
  const { db, clock } = deps;
  const ttlMs = deps.ttlMs ?? QUOTE_TTL_MS;

  return {
    async issue(input: QuoteInput) {
      const now = clock.now();
      const row = {
        id: newId('mcq'), keyId: input.keyId, workspaceId: input.workspaceId, tool: input.tool,
        argsHash: requestFingerprint(input.args), arguments: input.args,
        calls: input.calls, amountMicrousd: input.amountMicrousd, createdAt: now, expiresAt: new Date(now.getTime() + ttlMs), usedAt: null,
      };
      await db.insert(mcpQuotes).values(row);
      return row;
    },

    /** Marks the quote used, or explains why it cannot be: unknown, another tool or arguments, used, expired. */
    async redeem(input: { quoteId: string; keyId: string; tool: string; args: Record<string, unknown> }) {
      const now = clock.now();
      const argsHash = requestFingerprint(input.args);
      const [used] = await db.update(mcpQuotes).set({ usedAt: now })
        .where(and(
          eq(mcpQuotes.id, input.quoteId), eq(mcpQuotes.keyId, input.keyId), eq(mcpQuotes.tool, input.tool),
          eq(mcpQuotes.argsHash, argsHash), isNull(mcpQuotes.usedAt), gt(mcpQuotes.expiresAt, now),
        ))
        .returning();
      if (used) return used;

      const [row] = await db.select().from(mcpQuotes).where(eq(mcpQuotes.id, input.quoteId));
      // Another key's quote is as unknown as a made-up id: nothing about it is revealed.
      if (!row || row.keyId !== input.keyId) throw badQuote('Unknown quote: call the tool without quoteId to get one.', 'unknown');
      if (row.tool !== input.tool || row.argsHash !== argsHash) {
        throw badQuote(`This quote was made for ${row.tool} with other arguments; call again with exactly the quoted arguments, or get a new quote.`, 'arguments_differ');
      }
      if (row.usedAt) throw badQuote('This quote was already used; get a new quote.', 'used');
      throw badQuote(`This quote expired at ${row.expiresAt.toISOString()}; get a new quote.`, 'expired');
    },

    /** Drops quotes a day past their expiry (they can only ever be refused). */
    async sweep() {
      await db.delete(mcpQuotes).where(lt(mcpQuotes.expiresAt, new Date(clock.now().getTime() - 24 * 3600 * 1000)));
    },
  };
}
export type Quotes = ReturnType<typeof createQuotes>;
