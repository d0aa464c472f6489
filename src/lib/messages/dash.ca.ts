import type { DASH_EN } from './dash.en.ts';

// The dashboard's frame in Catalan (see dash.en.ts). Language names stay in their own language.

export const DASH_CA: { readonly [K in keyof typeof DASH_EN]: string } = {
  'dashboard.shell.description': 'Tauler de visibilitat GEO: com es veu la teva marca als motors de resposta amb IA i què cal fer-hi.',
  'dashboard.shell.loading': 'S’està carregant…',
  'dashboard.shell.noscript': 'El tauler necessita JavaScript. L’API JSON a /api/v1 funciona sense.',
  'dashboard.page.signin': 'Inicia la sessió', 'dashboard.page.signup': 'Crea el teu compte', 'dashboard.page.agency': 'Espais de treball', 'dashboard.page.new': 'Nou espai de treball',
  'dashboard.page.overview': 'Resum', 'dashboard.page.runs': 'Mesuraments', 'dashboard.page.run': 'Detall del mesurament', 'dashboard.page.answers': 'Respostes',
  'dashboard.page.recs': 'Recomanacions', 'dashboard.page.chat': 'Xat', 'dashboard.page.seo': 'SEO', 'dashboard.page.traffic': 'Trànsit d’IA',
  'dashboard.page.settings': 'Configuració', 'dashboard.page.reports': 'Informes', 'dashboard.page.research': 'Recerca', 'dashboard.page.email': 'Safata de correu',
  'dashboard.page.invite': 'Uneix-te a un espai de treball', 'dashboard.page.verify': 'Confirma el teu correu',
  'dashboard.nav.overview': 'Resum', 'dashboard.nav.runs': 'Mesuraments', 'dashboard.nav.answers': 'Respostes', 'dashboard.nav.recs': 'Recomanacions',
  'dashboard.nav.chat': 'Xat', 'dashboard.nav.seo': 'SEO', 'dashboard.nav.traffic': 'Trànsit d’IA', 'dashboard.nav.research': 'Recerca',
  'dashboard.nav.reports': 'Informes', 'dashboard.nav.email': 'Correu', 'dashboard.nav.settings': 'Configuració',
  'dashboard.header.sections': 'Seccions de l’espai de treball', 'dashboard.header.workspace': 'Espai de treball', 'dashboard.header.signOut': 'Tanca la sessió',
  'dashboard.header.skip': 'Vés al contingut', 'dashboard.header.language': 'Idioma',
  'dashboard.header.languageAuto': 'Com el meu navegador', 'dashboard.language.en': 'English', 'dashboard.language.es': 'Español', 'dashboard.language.ca': 'Català', 'dashboard.language.fr': 'Français',
};
