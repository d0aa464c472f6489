// The dashboard's frame in English: the page shell, titles, navigation, header and the words
// every page shares (src/web/dashboard: dashboard.page.ts, pages.ts, client/app.js, client/lib.js).
// dash.es.ts, dash.ca.ts and dash.fr.ts are typed from it, so a missing translation fails `tsc`.
// The pages' own words are in dash-work.*.ts (measurement pages) and dash-setup.*.ts (settings,
// traffic, reports, SEO, mail); a key is `dashboard.<page>.<name>`.

export const DASH_EN = {
  'dashboard.shell.description': 'GEO visibility dashboard: how visible your brand is in AI answer engines, and what to do about it.',
  'dashboard.shell.loading': 'Loading…',
  'dashboard.shell.noscript': 'The dashboard needs JavaScript. The JSON API at /api/v1 works without it.',
  'dashboard.page.signin': 'Sign in', 'dashboard.page.signup': 'Create your account', 'dashboard.page.agency': 'Workspaces', 'dashboard.page.new': 'New workspace',
  'dashboard.page.overview': 'Overview', 'dashboard.page.runs': 'Runs', 'dashboard.page.run': 'Run detail', 'dashboard.page.answers': 'Answers',
  'dashboard.page.recs': 'Recommendations', 'dashboard.page.chat': 'Chat', 'dashboard.page.seo': 'SEO', 'dashboard.page.traffic': 'AI traffic',
  'dashboard.page.settings': 'Settings', 'dashboard.page.reports': 'Reports', 'dashboard.page.research': 'Research', 'dashboard.page.email': 'Email inbox',
  'dashboard.page.invite': 'Join a workspace', 'dashboard.page.verify': 'Confirm your email',
  'dashboard.nav.overview': 'Overview', 'dashboard.nav.runs': 'Runs', 'dashboard.nav.answers': 'Answers', 'dashboard.nav.recs': 'Recommendations',
  'dashboard.nav.chat': 'Chat', 'dashboard.nav.seo': 'SEO', 'dashboard.nav.traffic': 'AI traffic', 'dashboard.nav.research': 'Research',
  'dashboard.nav.reports': 'Reports', 'dashboard.nav.email': 'Inbox', 'dashboard.nav.settings': 'Settings',
  'dashboard.header.sections': 'Workspace sections', 'dashboard.header.workspace': 'Workspace', 'dashboard.header.signOut': 'Sign out',
  'dashboard.header.skip': 'Skip to content', 'dashboard.header.language': 'Language',
  'dashboard.header.languageAuto': 'As my browser', 'dashboard.language.en': 'English', 'dashboard.language.es': 'Español', 'dashboard.language.ca': 'Català', 'dashboard.language.fr': 'Français',
} as const;
