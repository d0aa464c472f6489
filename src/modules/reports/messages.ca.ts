import type { Messages } from './messages.en.ts';

// Catalan. Written with plain spaces; messages.fns.ts puts the no-break space before "%".
// A recommendation ("recomanació") is feminine: its statuses agree with it.

export const CA: Messages = {
  'title.visibility_summary': 'Resum de visibilitat', 'title.competitor_comparison': 'Comparació amb la competència', 'title.citation_sources': 'Fonts de cites',
  'title.recommendations_progress': 'Progrés de les recomanacions', 'title.seo_technical_status': 'Estat tècnic SEO',

  'heading.latest': 'Darreres dades', 'heading.scorePerDay': 'Puntuació GEO per dia', 'heading.perEngine': 'Per motor (darreres dades)', 'heading.scoreboard': 'Classificació',
  'heading.citedDomains': 'Dominis citats', 'heading.recommendations': 'Recomanacions', 'heading.byStatus': 'Per estat (ara)', 'heading.inPeriod': 'En el període',
  'heading.effects': 'Efecte dels elements completats', 'heading.scoresLatest': 'Puntuacions (darrera actualització)', 'heading.scores': 'Puntuacions',
  'heading.failedChecks': 'Comprovacions tècniques fallides', 'heading.evaluations': 'Darreres avaluacions de pàgines', 'heading.scoreboardCompetitors': 'Classificació davant la competència',
  'heading.topDomains': 'Dominis més citats', 'heading.doneEffects': 'Recomanacions completades, amb el seu efecte mesurat',
  seo: 'SEO',

  'label.score': 'Puntuació GEO', 'label.visibility': 'Visibilitat', 'label.relativeSov': 'Quota de veu relativa', 'label.position': 'Posició', 'label.sentiment': 'Sentiment',
  'label.volume': 'Quota de cites pròpies (volum)', 'label.citationRate': 'Taxa de cites', 'label.brandVisibility': 'Visibilitat ({brand})',
  'label.ownedShare': 'Quota pròpia de les principals cites', 'label.competitorShare': 'Quota de la competència en les principals cites', 'label.thirdPartyShare': 'Quota de tercers en les principals cites',
  'label.created': 'Creats', 'label.accepted': 'Acceptats', 'label.done': 'Completats', 'label.before': '{item}: {metric} abans', 'label.after': '{item}: {metric} després',
  'label.seoScore': 'Puntuació SEO', 'label.combinedScore': 'Puntuació combinada',

  'col.engine': 'Motor', 'col.scoreInterval': 'Interval de la puntuació', 'col.answers': 'Respostes', 'col.visibilityInterval': 'Interval de visibilitat', 'col.rank': 'Lloc',
  'col.brand': 'Marca', 'col.kind': 'Tipus', 'col.score': 'Puntuació', 'col.sov': 'Quota de veu', 'col.avgPosition': 'Posició mitjana', 'col.citations': 'Cites',
  'col.domain': 'Domini', 'col.class': 'Classe', 'col.item': 'Element', 'col.metric': 'Mètrica', 'col.before': 'Abans', 'col.beforeN': 'n abans',
  'col.beforeInterval': 'Interval abans', 'col.after': 'Després', 'col.afterN': 'n després', 'col.afterInterval': 'Interval després', 'col.verdict': 'Veredicte', 'col.why': 'Motiu',
  'col.component': 'Component', 'col.available': 'Disponible', 'col.points': 'Punts', 'col.maximum': 'Màxim', 'col.share': 'Proporció', 'col.reason': 'Causa',
  'col.page': 'Pàgina', 'col.day': 'Dia', 'col.status': 'Estat', 'col.performance': 'Rendiment', 'col.accessibility': 'Accessibilitat', 'col.bestPractices': 'Bones pràctiques',

  'note.mean': 'sense interval: és una mitjana, no una proporció', 'note.fewPrompts': 'sense interval: menys de dos prompts responguts', 'note.noAnswers': 'sense respostes',
  'note.noCitations': 'sense cites', 'note.itemsOf': '{k} de {n} elements', 'note.created': 'elements creats en el període; n són tots els elements',
  'note.accepted': 'acceptacions en el període; n són tots els elements', 'note.done': 'verificats com a completats en el període; n són tots els elements',
  'note.verdict': 'veredicte: {verdict}', 'note.verdictSimulated': 'veredicte: {verdict}; de motors simulats',
  'note.seoScore': 'n: pàgines avaluades en l’actualització; sense interval: és una suma ponderada de components', 'note.noRefresh': 'encara no hi ha cap actualització SEO',
  'note.geoScore': 'n: respostes de la darrera puntuació GEO; intervals per component al resum de visibilitat',
  'note.combined': 'sense interval: 0,4 × SEO + 0,6 × GEO; buida si no n’hi ha totes dues', 'note.pagesFail': 'pàgines amb errors: {k} de {n}',

  'na.noEngine': 'Cap motor no va respondre en aquest període.', 'na.noRecs': 'Encara no hi ha recomanacions: no se n’ha generat cap per a aquest espai de treball.',
  'na.noBeforeAfter': 'Cap element completat no té encara una mesura anterior i una de posterior.', 'na.noDone': 'Encara no hi ha cap element completat: no hi ha cap efecte per mesurar.',
  'na.noSeo': 'Encara no hi ha cap actualització SEO ni cap avaluació de pàgines: inicieu una actualització SEO per mesurar el lloc.', 'na.noFailed': 'Cap comprovació tècnica no va fallar en la darrera actualització.',
  'na.noRefreshChecks': 'Encara no hi ha cap actualització SEO: les comprovacions s’agrupen a partir d’una actualització.', 'na.noEvaluation': 'Encara no hi ha cap avaluació de pàgines.',
  'na.recsMissing': 'El mòdul de recomanacions no va aportar dades.', 'na.seoMissing': 'El mòdul SEO no va aportar dades.',
  'na.noMeasurement': 'Cap mesura no va acabar en aquest període.',
  'na.noCited': 'Cap resposta no va citar cap font en aquest període.', 'na.noDoneEffect': 'Encara no s’ha completat cap recomanació amb un efecte mesurat.',

  'term.brand': 'marca', 'term.competitor': 'competidor', 'term.owned': 'propi', 'term.thirdParty': 'tercer', 'term.earnedMedia': 'mitjans guanyats',
  'term.userGenerated': 'generat per usuaris', 'term.reference': 'referència', 'term.social': 'xarxes socials', 'term.yes': 'sí', 'term.no': 'no',
  'term.proposed': 'proposada', 'term.todo': 'per fer', 'term.inReview': 'en revisió', 'term.done': 'completada', 'term.archived': 'arxivada',
  'term.improved': 'millora', 'term.noDetectableChange': 'sense canvi detectable', 'term.worse': 'empitjora', 'term.pending': 'pendent',
  'term.complete': 'completa', 'term.partial': 'parcial',

  'method.interval': 'L’interval de confiança del 95 % de la puntuació GEO és un bootstrap de percentils sobre els prompts (les respostes del dia remostrejades per prompt, {resamples} vegades); '
    + 'les proporcions (visibilitat, taxa de cites, quota de cites pròpies) porten un interval de Wilson del 95 %; les mitjanes (posició, sentiment), l’aproximació normal. '
    + 'Un canvi només es considera significatiu quan els dos intervals del 95 % no se superposen.',

  'ui.summary': 'Resum executiu', 'ui.methodology': 'Metodologia', 'ui.figure': 'Indicador', 'ui.value': 'Valor', 'ui.interval95': 'Interval del 95 %', 'ui.note': 'Nota',
  'ui.prepared': 'Preparat el {date}', 'ui.preparedBy': 'Preparat el {date} per {agency}', 'ui.engines': 'Motors: {engines}',
  'ui.simulated': 'Dades simulades: respostes de motors simulats ({engines}), no de motors d’IA reals.',
  'ui.simulatedShare': 'Dades simulades ({share} de les respostes): respostes de motors simulats ({engines}), no de motors d’IA reals.',
  'ui.daysMeasured': 'Dies mesurats', 'ui.simulatedShareColumn': 'Proporció simulada', 'ui.source': 'Origen',
  'ui.sourceSimulated': 'simulat', 'ui.sourceLive': 'proveïdor real', 'ui.sourceMixed': 'mixt',
  'ui.days': 'Dies mesurats en el període: {days}; respostes per dia: {answers}; prompts per dia: {prompts}.',
  'ui.samples': 'Mostres per prompt i motor en una execució: {samples}.', 'ui.simulatedAll': 'Proporció simulada del total de respostes: {share}.',
  'ui.models': 'Versions de model: el model que cada proveïdor va indicar a les seves respostes, amb quantes respostes va donar (els motors simulats indiquen el seu simulador); «no indicada» quan una resposta no en va indicar cap.',
  'ui.surface': 'Superfície', 'ui.surface.api': 'API', 'ui.surface.product': 'producte',
  'ui.surfacesMixed': 'Superfícies: les xifres de tots els motors combinen respostes de les API dels proveïdors ({api}) i dels productes de consum tal com se serveixen al web ({product}); totes dues poden diferir molt.',
  'ui.surfacesOne': 'Superfície: totes les respostes provenen de {surface}.', 'ui.surfaceApiLong': 'les API dels proveïdors', 'ui.surfaceProductLong': 'els productes de consum tal com se serveixen al web',
  'ui.modelVersions': 'Versions de model', 'ui.modelNotReported': 'no indicada',
  'ui.weights': 'Versió de la puntuació {version}; pesos: visibilitat 25 %, quota de veu relativa 35 %, posició 15 %, sentiment 10 %, quota de cites pròpies 15 %, renormalitzats sobre els components amb dades.',
  'ui.legend': '{engine} ({metric}, banda del 95 %)', 'ui.perDay': '{metric} per dia, {period}', 'ui.barChart': 'gràfic de barres',

  'sentence.rose': '{m} va pujar de {a} a {b} ({sig}, {n}).', 'sentence.fell': '{m} va baixar de {a} a {b} ({sig}, {n}).',
  'sentence.latest': '{m} el {d}: {v} (interval del 95 % {i}, {n}).', 'sentence.rank': '{brand} ocupa la posició {r} de {of} marques seguides.',
  'sentence.steady': 'Cap canvi significatiu entre {a} i {b} en: {list}.', 'sentence.oneDay': 'Un sol dia mesurat en aquest període: encara no es pot afirmar cap canvi.',
  // The agency portfolio (portfolio.render.fns.ts).
  'ui.mail.intro': '{title} de {brand}, {period}.',
  'ui.mail.attached': 'L’informe va adjunt en PDF.',
  'ui.mail.linked': 'L’informe va enllaçat, no adjunt ({reason}). Obriu-lo aquí fins al {expires}: {url}',
  'ui.mail.linkedLead': 'L’informe va enllaçat, no adjunt ({reason}):',
  'ui.mail.open': 'obrir l’informe',
  'ui.mail.until': 'fins al {expires}',
  'ui.mail.tooLarge': 'el PDF ocupa {size}, més del límit de {limit}',
  'ui.mail.noPdf': 'no hi ha cap generador de PDF configurat; l’enllaç obre l’HTML imprimible',
  'ui.mail.simulated': 'Inclou respostes de motors simulats, no de motors d’IA reals.',
  'ui.mail.sentBy': 'Enviat per {from}.',
  'ui.mail.stop': 'Deixar de rebre aquests informes: {url}',
  'ui.mail.unsubscribe': '{link} d’aquests informes.',
  'ui.mail.unsubscribeLink': 'Donar-se de baixa',
  'ui.mail.simulatedTag': '(dades simulades)',
  'ui.mail.oneClient': '1 client',
  'ui.portfolio.title': 'Informe de cartera', 'ui.portfolio.clients': '{n} clients', 'ui.portfolio.client': 'Client', 'ui.portfolio.change': 'Canvi', 'ui.portfolio.rival': 'Competidor principal', 'ui.portfolio.sim': 'Simulat',
  'ui.portfolio.steady': 'no significatiu', 'ui.portfolio.sig': 'significatiu', 'ui.portfolio.none': 'Un sol dia mesurat', 'ui.portfolio.board': 'Classificació (primers {count})',
  'ui.portfolio.method': 'Com s’obtenen aquestes xifres', 'ui.portfolio.methodText': 'Les xifres de cada client són el seu resum de visibilitat del període: la puntuació, l’interval del 95 % i n de l’últim dia mesurat.',
  'ui.portfolio.simBanner': 'Dades simulades: part de les respostes provenen de motors simulats, no de motors d’IA reals ({engines}).', 'ui.portfolio.empty': 'Cap client: aquest compte no té cap espai de treball.',
};
