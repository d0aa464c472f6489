import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';
import type { SiteFacts } from './site.fns.ts';
import { promptSiteReads } from './prompts.tables.ts';

/** The last read of a workspace's site: one row per workspace, replaced by each new read. */
export function createSiteReadsRepo(db: Db) {
  return {
    /** The pages read from `domain` after `since`, or null (none, older, or read from another domain). */
    async fresh(workspaceId: string, domain: string, since: Date): Promise<SiteFacts[] | null> {
      const [row] = await db.select({ pages: promptSiteReads.pages }).from(promptSiteReads)
        .where(and(eq(promptSiteReads.workspaceId, workspaceId), eq(promptSiteReads.domain, domain), gt(promptSiteReads.readAt, since)));
      return row?.pages ?? null;
    },

    async store(workspaceId: string, domain: string, pages: SiteFacts[], readAt: Date) {
      const row = { workspaceId, domain, pages, readAt };
      await db.insert(promptSiteReads).values(row).onConflictDoUpdate({ target: promptSiteReads.workspaceId, set: row });
    },
  };
}
