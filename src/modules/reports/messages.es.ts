import type { Messages } from './messages.en.ts';

// Spanish. Written with plain spaces; messages.fns.ts puts the no-break space before "%".
// A recommendation ("recomendación") is feminine: its statuses agree with it.

export const ES: Messages = {
  'title.visibility_summary': 'Resumen de visibilidad', 'title.competitor_comparison': 'Comparación con la competencia', 'title.citation_sources': 'Fuentes de citas',
  'title.recommendations_progress': 'Progreso de las recomendaciones', 'title.seo_technical_status': 'Estado técnico SEO',

  'heading.latest': 'Últimos datos', 'heading.scorePerDay': 'Puntuación GEO por día', 'heading.perEngine': 'Por motor (últimos datos)', 'heading.scoreboard': 'Clasificación',
  'heading.citedDomains': 'Dominios citados', 'heading.recommendations': 'Recomendaciones', 'heading.byStatus': 'Por estado (ahora)', 'heading.inPeriod': 'En el periodo',
  'heading.effects': 'Efecto de los elementos completados', 'heading.scoresLatest': 'Puntuaciones (última actualización)', 'heading.scores': 'Puntuaciones',
  'heading.failedChecks': 'Comprobaciones técnicas fallidas', 'heading.evaluations': 'Últimas evaluaciones de páginas', 'heading.scoreboardCompetitors': 'Clasificación frente a la competencia',
  'heading.topDomains': 'Dominios más citados', 'heading.doneEffects': 'Recomendaciones completadas, con su efecto medido',
  seo: 'SEO',

  'label.score': 'Puntuación GEO', 'label.visibility': 'Visibilidad', 'label.relativeSov': 'Cuota de voz relativa', 'label.position': 'Posición', 'label.sentiment': 'Sentimiento',
  'label.volume': 'Cuota de citas propias (volumen)', 'label.citationRate': 'Tasa de citas', 'label.brandVisibility': 'Visibilidad de {brand}',
  'label.ownedShare': 'Cuota propia de las principales citas', 'label.competitorShare': 'Cuota de la competencia en las principales citas', 'label.thirdPartyShare': 'Cuota de terceros en las principales citas',
  'label.created': 'Creados', 'label.accepted': 'Aceptados', 'label.done': 'Completados', 'label.before': '{item}: {metric} antes', 'label.after': '{item}: {metric} después',
  'label.seoScore': 'Puntuación SEO', 'label.combinedScore': 'Puntuación combinada',

  'col.engine': 'Motor', 'col.scoreInterval': 'Intervalo de la puntuación', 'col.answers': 'Respuestas', 'col.visibilityInterval': 'Intervalo de visibilidad', 'col.rank': 'Puesto',
  'col.brand': 'Marca', 'col.kind': 'Tipo', 'col.score': 'Puntuación', 'col.sov': 'Cuota de voz', 'col.avgPosition': 'Posición media', 'col.citations': 'Citas',
  'col.domain': 'Dominio', 'col.class': 'Clase', 'col.item': 'Elemento', 'col.metric': 'Métrica', 'col.before': 'Antes', 'col.beforeN': 'n antes',
  'col.beforeInterval': 'Intervalo antes', 'col.after': 'Después', 'col.afterN': 'n después', 'col.afterInterval': 'Intervalo después', 'col.verdict': 'Veredicto', 'col.why': 'Motivo',
  'col.component': 'Componente', 'col.available': 'Disponible', 'col.points': 'Puntos', 'col.maximum': 'Máximo', 'col.share': 'Proporción', 'col.reason': 'Causa',
  'col.page': 'Página', 'col.day': 'Día', 'col.status': 'Estado', 'col.performance': 'Rendimiento', 'col.accessibility': 'Accesibilidad', 'col.bestPractices': 'Buenas prácticas',

  'note.mean': 'sin intervalo: es una media, no una proporción', 'note.fewPrompts': 'sin intervalo: menos de dos prompts respondidos', 'note.noAnswers': 'sin respuestas',
  'note.noCitations': 'sin citas', 'note.itemsOf': '{k} de {n} elementos', 'note.created': 'elementos creados en el periodo; n son todos los elementos',
  'note.accepted': 'aceptaciones en el periodo; n son todos los elementos', 'note.done': 'verificados como completados en el periodo; n son todos los elementos',
  'note.verdict': 'veredicto: {verdict}', 'note.verdictSimulated': 'veredicto: {verdict}; de motores simulados',
  'note.seoScore': 'n: páginas evaluadas en la actualización; sin intervalo: es una suma ponderada de componentes', 'note.noRefresh': 'aún no hay ninguna actualización SEO',
  'note.geoScore': 'n: respuestas de la última puntuación GEO; intervalos por componente en el resumen de visibilidad',
  'note.combined': 'sin intervalo: 0,4 × SEO + 0,6 × GEO; vacía salvo que existan ambas', 'note.pagesFail': 'páginas con fallos: {k} de {n}',

  'na.noEngine': 'Ningún motor respondió en este periodo.', 'na.noRecs': 'Aún no hay recomendaciones: no se ha generado ninguna para este espacio de trabajo.',
  'na.noBeforeAfter': 'Ningún elemento completado tiene aún una medición anterior y otra posterior.', 'na.noDone': 'Aún no hay ningún elemento completado: no hay efecto que medir.',
  'na.noSeo': 'Aún no hay actualización SEO ni evaluación de páginas: inicie una actualización SEO para medir el sitio.', 'na.noFailed': 'Ninguna comprobación técnica falló en la última actualización.',
  'na.noRefreshChecks': 'Aún no hay actualización SEO: las comprobaciones se agrupan a partir de una actualización.', 'na.noEvaluation': 'Aún no hay evaluaciones de páginas.',
  'na.recsMissing': 'El módulo de recomendaciones no aportó datos.', 'na.seoMissing': 'El módulo SEO no aportó datos.',
  'na.noMeasurement': 'Ninguna medición terminó en este periodo.',
  'na.noCited': 'Ninguna respuesta citó una fuente en este periodo.', 'na.noDoneEffect': 'Aún no se ha completado ninguna recomendación con un efecto medido.',

  'term.brand': 'marca', 'term.competitor': 'competidor', 'term.owned': 'propio', 'term.thirdParty': 'tercero', 'term.earnedMedia': 'medios ganados',
  'term.userGenerated': 'generado por usuarios', 'term.reference': 'referencia', 'term.social': 'redes sociales', 'term.yes': 'sí', 'term.no': 'no',
  'term.proposed': 'propuesta', 'term.todo': 'por hacer', 'term.inReview': 'en revisión', 'term.done': 'completada', 'term.archived': 'archivada',
  'term.improved': 'mejora', 'term.noDetectableChange': 'sin cambio detectable', 'term.worse': 'empeora', 'term.pending': 'pendiente',
  'term.complete': 'completa', 'term.partial': 'parcial',

  'method.interval': 'El intervalo de confianza del 95 % de la puntuación GEO es un bootstrap de percentiles sobre los prompts (las respuestas del día remuestreadas por prompt, {resamples} veces); '
    + 'las proporciones (visibilidad, tasa de citas, cuota de citas propias) llevan un intervalo de Wilson del 95 %; las medias (posición, sentimiento), la aproximación normal. '
    + 'Un cambio solo se considera significativo cuando los dos intervalos del 95 % no se solapan.',

  'ui.summary': 'Resumen ejecutivo', 'ui.methodology': 'Metodología', 'ui.figure': 'Indicador', 'ui.value': 'Valor', 'ui.interval95': 'Intervalo del 95 %', 'ui.note': 'Nota',
  'ui.prepared': 'Preparado el {date}', 'ui.preparedBy': 'Preparado el {date} por {agency}', 'ui.engines': 'Motores: {engines}',
  'ui.simulated': 'Datos simulados: respuestas de motores simulados ({engines}), no de motores de IA reales.',
  'ui.simulatedShare': 'Datos simulados ({share} de las respuestas): respuestas de motores simulados ({engines}), no de motores de IA reales.',
  'ui.daysMeasured': 'Días medidos', 'ui.simulatedShareColumn': 'Proporción simulada', 'ui.source': 'Origen',
  'ui.sourceSimulated': 'simulado', 'ui.sourceLive': 'proveedor real', 'ui.sourceMixed': 'mixto',
  'ui.days': 'Días medidos en el periodo: {days}; respuestas por día: {answers}; prompts por día: {prompts}.',
  'ui.samples': 'Muestras por prompt y motor en una ejecución: {samples}.', 'ui.simulatedAll': 'Proporción simulada del total de respuestas: {share}.',
  'ui.models': 'Versiones de modelo: el modelo que cada proveedor indicó en sus respuestas, con cuántas respuestas dio (los motores simulados indican su simulador); «no indicada» cuando una respuesta no indicó ninguno.',
  'ui.surface': 'Superficie', 'ui.surface.api': 'API', 'ui.surface.product': 'producto',
  'ui.surfacesMixed': 'Superficies: las cifras de todos los motores combinan respuestas de las API de los proveedores ({api}) y de los productos de consumo tal como se sirven en la web ({product}); ambas pueden diferir mucho.',
  'ui.surfacesOne': 'Superficie: todas las respuestas proceden de {surface}.', 'ui.surfaceApiLong': 'las API de los proveedores', 'ui.surfaceProductLong': 'los productos de consumo tal como se sirven en la web',
  'ui.modelVersions': 'Versiones de modelo', 'ui.modelNotReported': 'no indicada',
  'ui.weights': 'Versión de la puntuación {version}; pesos: visibilidad 25 %, cuota de voz relativa 35 %, posición 15 %, sentimiento 10 %, cuota de citas propias 15 %, renormalizados sobre los componentes con datos.',
  'ui.legend': '{engine} ({metric}, banda del 95 %)', 'ui.perDay': '{metric} por día, {period}', 'ui.barChart': 'gráfico de barras',

  'sentence.rose': '{m} subió de {a} a {b} ({sig}, {n}).', 'sentence.fell': '{m} bajó de {a} a {b} ({sig}, {n}).',
  'sentence.latest': '{m} el {d}: {v} (intervalo del 95 % {i}, {n}).', 'sentence.rank': '{brand} ocupa el puesto {r} de {of} marcas seguidas.',
  'sentence.steady': 'Sin cambio significativo entre {a} y {b} en: {list}.', 'sentence.oneDay': 'Un solo día medido en este periodo: aún no se puede afirmar ningún cambio.',
  // The agency portfolio (portfolio.render.fns.ts).
  'ui.mail.intro': '{title} de {brand}, {period}.',
  'ui.mail.attached': 'El informe va adjunto en PDF.',
  'ui.mail.linked': 'El informe va enlazado, no adjunto ({reason}). Ábralo aquí hasta el {expires}: {url}',
  'ui.mail.linkedLead': 'El informe va enlazado, no adjunto ({reason}):',
  'ui.mail.open': 'abrir el informe',
  'ui.mail.until': 'hasta el {expires}',
  'ui.mail.tooLarge': 'el PDF ocupa {size}, más del límite de {limit}',
  'ui.mail.noPdf': 'no hay un generador de PDF configurado; el enlace abre el HTML imprimible',
  'ui.mail.simulated': 'Incluye respuestas de motores simulados, no de motores de IA reales.',
  'ui.mail.sentBy': 'Enviado por {from}.',
  'ui.mail.stop': 'Dejar de recibir estos informes: {url}',
  'ui.mail.unsubscribe': '{link} de estos informes.',
  'ui.mail.unsubscribeLink': 'Darse de baja',
  'ui.mail.simulatedTag': '(datos simulados)',
  'ui.mail.oneClient': '1 cliente',
  'ui.portfolio.title': 'Informe de cartera', 'ui.portfolio.clients': '{n} clientes', 'ui.portfolio.client': 'Cliente', 'ui.portfolio.change': 'Cambio', 'ui.portfolio.rival': 'Principal competidor', 'ui.portfolio.sim': 'Simulado',
  'ui.portfolio.steady': 'no significativo', 'ui.portfolio.sig': 'significativo', 'ui.portfolio.none': 'Un solo día medido', 'ui.portfolio.board': 'Clasificación (primeros {count})',
  'ui.portfolio.method': 'Cómo se obtienen estas cifras', 'ui.portfolio.methodText': 'Las cifras de cada cliente son su resumen de visibilidad del periodo: la puntuación, el intervalo del 95 % y n del último día medido.',
  'ui.portfolio.simBanner': 'Datos simulados: parte de las respuestas provienen de motores simulados, no de motores de IA reales ({engines}).', 'ui.portfolio.empty': 'Sin clientes: esta cuenta no tiene ningún espacio de trabajo.',
};
