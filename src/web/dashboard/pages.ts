// The dashboard's pages, shared by the server (which shell each address answers, the page
// title) and the browser bundle (which view to mount, the navigation): one list, so that a
// section the server serves is one the client can show.

/** Every page: name → title. `page` picks the client view; the workspace and id come from the URL. */
export const PAGE_TITLES = {
  signin: 'Sign in', signup: 'Create your account', agency: 'Workspaces', new: 'New workspace',
  overview: 'Overview', runs: 'Runs', run: 'Run detail', answers: 'Answers', recs: 'Recommendations', chat: 'Chat', seo: 'SEO', traffic: 'AI traffic', settings: 'Settings',
  reports: 'Reports', research: 'Research', email: 'Email inbox', invite: 'Join a workspace', verify: 'Confirm your email',
} as const;
export type PageName = keyof typeof PAGE_TITLES;

/** A workspace's navigation, in order: page and link label (the overview is /w/:workspace itself). */
export const WORKSPACE_NAV = [
  ['overview', 'Overview'], ['runs', 'Runs'], ['answers', 'Answers'], ['recs', 'Recommendations'], ['chat', 'Chat'], ['seo', 'SEO'], ['traffic', 'AI traffic'],
  ['research', 'Research'], ['reports', 'Reports'], ['email', 'Inbox'], ['settings', 'Settings'],
] as const satisfies ReadonlyArray<readonly [PageName, string]>;

/** The workspace sections under /w/:workspace/:section. */
export const SECTIONS: readonly PageName[] = WORKSPACE_NAV.map(([page]) => page).filter((page) => page !== 'overview');

/** The address of a workspace page. */
export const sectionPath = (workspace: string, page: PageName) => `/w/${workspace}${page === 'overview' ? '' : `/${page}`}`;
