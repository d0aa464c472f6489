import type { DASH_EN } from './dash.en.ts';

// The dashboard's frame in Spanish (see dash.en.ts). Language names stay in their own language.

export const DASH_ES: { readonly [K in keyof typeof DASH_EN]: string } = {
  'dashboard.shell.description': 'Panel de visibilidad GEO: cuánto se ve tu marca en los motores de respuesta con IA y qué hacer al respecto.',
  'dashboard.shell.loading': 'Cargando…',
  'dashboard.shell.noscript': 'El panel necesita JavaScript. La API JSON en /api/v1 funciona sin él.',
  'dashboard.page.signin': 'Iniciar sesión', 'dashboard.page.signup': 'Crea tu cuenta', 'dashboard.page.agency': 'Espacios de trabajo', 'dashboard.page.new': 'Nuevo espacio de trabajo',
  'dashboard.page.overview': 'Resumen', 'dashboard.page.runs': 'Mediciones', 'dashboard.page.run': 'Detalle de la medición', 'dashboard.page.answers': 'Respuestas',
  'dashboard.page.recs': 'Recomendaciones', 'dashboard.page.chat': 'Chat', 'dashboard.page.seo': 'SEO', 'dashboard.page.traffic': 'Tráfico de IA',
  'dashboard.page.settings': 'Ajustes', 'dashboard.page.reports': 'Informes', 'dashboard.page.research': 'Investigación', 'dashboard.page.email': 'Bandeja de correo',
  'dashboard.page.invite': 'Unirse a un espacio de trabajo', 'dashboard.page.verify': 'Confirma tu correo',
  'dashboard.nav.overview': 'Resumen', 'dashboard.nav.runs': 'Mediciones', 'dashboard.nav.answers': 'Respuestas', 'dashboard.nav.recs': 'Recomendaciones',
  'dashboard.nav.chat': 'Chat', 'dashboard.nav.seo': 'SEO', 'dashboard.nav.traffic': 'Tráfico de IA', 'dashboard.nav.research': 'Investigación',
  'dashboard.nav.reports': 'Informes', 'dashboard.nav.email': 'Correo', 'dashboard.nav.settings': 'Ajustes',
  'dashboard.header.sections': 'Secciones del espacio de trabajo', 'dashboard.header.workspace': 'Espacio de trabajo', 'dashboard.header.signOut': 'Cerrar sesión',
  'dashboard.header.skip': 'Ir al contenido', 'dashboard.header.language': 'Idioma',
  'dashboard.header.languageAuto': 'Como mi navegador', 'dashboard.language.en': 'English', 'dashboard.language.es': 'Español', 'dashboard.language.ca': 'Català', 'dashboard.language.fr': 'Français',
};
