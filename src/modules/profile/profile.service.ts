import { eq } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import type { Limit, RateLimiter } from '../../lib/rate-limit/rate-limit.ts';
import { normaliseIcon } from './icon.image.ts';
import { workspaceIcons } from './profile.tables.ts';

export const DESIGN_MD_MAX = 200_000;
/** Icon uploads and refreshes together, per workspace: each decodes an image, CPU a tenant could otherwise spend without bound. */
export const ICON_ATTEMPTS: Limit = { limit: 30, windowMs: 10 * 60_000 };

// The profile's own writes: the icon (stored here, its address in brandMeta.faviconUrl) and the
// design markdown. Everything else about the profile is the workspace's settings.

export function createProfileService(deps: { db: Db; clock: Clock; workspaces: WorkspacesService; limiter: RateLimiter; publicBaseUrl: string }) {
  const { db, clock, workspaces } = deps;

  const iconUrl = (slug: string, at: Date) => `${deps.publicBaseUrl}/api/v1/workspaces/${slug}/profile/icon?v=${at.getTime()}`;

  /** Stores a processed icon and points brandMeta.faviconUrl at it. The image work is done before any write. */
  async function storeIcon(ws: WorkspaceContext, raw: Buffer, source: 'upload' | 'site', sourceUrl: string | null) {
    const png = await normaliseIcon(raw);
    const now = clock.now();
    const row = { workspaceId: ws.id, png, source, sourceUrl, updatedAt: now };
    await db.insert(workspaceIcons).values(row).onConflictDoUpdate({ target: workspaceIcons.workspaceId, set: row });
    const current = await workspaces.getRow(ws);
    return workspaces.updateSettings(ws, { brandMeta: { ...(current.brandMeta ?? {}), faviconUrl: iconUrl(ws.slug, now) } });
  }

  /** Counts one icon upload or refresh, refused or not; 429 `rate_limited` past ICON_ATTEMPTS. */
  const iconAttempt = (ws: WorkspaceContext) =>
    deps.limiter.hit(`icon:${ws.id}`, ICON_ATTEMPTS, `At most ${ICON_ATTEMPTS.limit} icon uploads and refreshes per ${ICON_ATTEMPTS.windowMs / 60_000} minutes per workspace; retry later.`);

  return {
    storeIcon,
    iconAttempt,
    async uploadIcon(ws: WorkspaceContext, raw: Buffer) {
      await iconAttempt(ws);
      return storeIcon(ws, raw, 'upload', null);
    },

    async getIcon(ws: WorkspaceContext) {
      const [row] = await db.select().from(workspaceIcons).where(eq(workspaceIcons.workspaceId, ws.id));
      if (!row) throw notFound('Icon (none uploaded or refreshed yet)');
      return row;
    },

    async importDesign(ws: WorkspaceContext, markdown: string) {
      if (!markdown.trim()) throw invalid('The design markdown is empty.');
      if (markdown.length > DESIGN_MD_MAX) throw invalid(`The design markdown is over ${DESIGN_MD_MAX} characters.`);
      return workspaces.updateSettings(ws, { designMd: markdown });
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
