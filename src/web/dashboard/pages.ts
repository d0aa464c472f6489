// The dashboard's pages, shared by the server (which shell each address answers, the page
// title) and the browser bundle (which view to mount, the navigation): one list, so that a
// section the server serves is one the client can show.

import { t } from '../../lib/messages/index.ts';
import type { Language } from '../../lib/format/format.ts';

/** Every page. `page` picks the client view; the workspace and id come from the URL. Titles are the catalogue's `dashboard.page.<name>`. */
export const PAGE_NAMES = [
  'signin', 'signup', 'agency', 'new', 'overview', 'runs', 'run', 'answers', 'recs', 'chat', 'seo', 'traffic', 'settings',
  'reports', 'research', 'email', 'invite', 'verify',
] as const;
export type PageName = (typeof PAGE_NAMES)[number];

/** A page's title in the reader's language. */
export const pageTitle = (lang: Language, page: PageName) => t(lang, `dashboard.page.${page}`);

/** A workspace's navigation, in order (the overview is /w/:workspace itself); link labels are the catalogue's `dashboard.nav.<page>`. */
export const WORKSPACE_NAV = [
  'overview', 'runs', 'answers', 'recs', 'chat', 'seo', 'traffic', 'research', 'reports', 'email', 'settings',
] as const satisfies ReadonlyArray<PageName>;

/** The workspace sections under /w/:workspace/:section. */
export const SECTIONS: readonly PageName[] = WORKSPACE_NAV.filter((page) => page !== 'overview');

/** The address of a workspace page. */
export const sectionPath = (workspace: string, page: PageName) => `/w/${workspace}${page === 'overview' ? '' : `/${page}`}`;
