import type { DASH_EN } from './dash.en.ts';

// The dashboard's frame in French (see dash.en.ts). Language names stay in their own language.

export const DASH_FR: { readonly [K in keyof typeof DASH_EN]: string } = {
  'dashboard.shell.description': 'Tableau de bord de visibilité GEO : la place de votre marque dans les moteurs de réponse IA, et quoi faire pour l’améliorer.',
  'dashboard.shell.loading': 'Chargement…',
  'dashboard.shell.noscript': 'Le tableau de bord a besoin de JavaScript. L’API JSON sous /api/v1 fonctionne sans.',
  'dashboard.page.signin': 'Se connecter', 'dashboard.page.signup': 'Créer votre compte', 'dashboard.page.agency': 'Espaces de travail', 'dashboard.page.new': 'Nouvel espace de travail',
  'dashboard.page.overview': 'Vue d’ensemble', 'dashboard.page.runs': 'Mesures', 'dashboard.page.run': 'Détail de la mesure', 'dashboard.page.answers': 'Réponses',
  'dashboard.page.recs': 'Recommandations', 'dashboard.page.chat': 'Chat', 'dashboard.page.seo': 'SEO', 'dashboard.page.traffic': 'Trafic IA',
  'dashboard.page.settings': 'Paramètres', 'dashboard.page.reports': 'Rapports', 'dashboard.page.research': 'Recherche', 'dashboard.page.email': 'Boîte de réception',
  'dashboard.page.invite': 'Rejoindre un espace de travail', 'dashboard.page.verify': 'Confirmez votre adresse e-mail',
  'dashboard.nav.overview': 'Vue d’ensemble', 'dashboard.nav.runs': 'Mesures', 'dashboard.nav.answers': 'Réponses', 'dashboard.nav.recs': 'Recommandations',
  'dashboard.nav.chat': 'Chat', 'dashboard.nav.seo': 'SEO', 'dashboard.nav.traffic': 'Trafic IA', 'dashboard.nav.research': 'Recherche',
  'dashboard.nav.reports': 'Rapports', 'dashboard.nav.email': 'Messages', 'dashboard.nav.settings': 'Paramètres',
  'dashboard.header.sections': 'Sections de l’espace de travail', 'dashboard.header.workspace': 'Espace de travail', 'dashboard.header.signOut': 'Se déconnecter',
  'dashboard.header.skip': 'Aller au contenu', 'dashboard.header.language': 'Langue',
  'dashboard.header.languageAuto': 'Comme mon navigateur', 'dashboard.language.en': 'English', 'dashboard.language.es': 'Español', 'dashboard.language.ca': 'Català', 'dashboard.language.fr': 'Français',
};
