import type { Messages } from './messages.en.ts';

// French. Written with plain spaces before ":", ";" and "%"; messages.fns.ts turns them into
// the narrow no-break space French typography asks for (as the formatter's numbers have it).
// A recommendation ("recommandation") is feminine: its statuses agree with it.

export const FR: Messages = {
  'title.visibility_summary': 'Synthèse de visibilité', 'title.competitor_comparison': 'Comparaison concurrentielle', 'title.citation_sources': 'Sources de citations',
  'title.recommendations_progress': 'Avancement des recommandations', 'title.seo_technical_status': 'État technique SEO',

  'heading.latest': 'Dernières données', 'heading.scorePerDay': 'Score GEO par jour', 'heading.perEngine': 'Par moteur (dernières données)', 'heading.scoreboard': 'Classement',
  'heading.citedDomains': 'Domaines cités', 'heading.recommendations': 'Recommandations', 'heading.byStatus': 'Par statut (actuel)', 'heading.inPeriod': 'Sur la période',
  'heading.effects': 'Effet des éléments terminés', 'heading.scoresLatest': 'Scores (dernière actualisation)', 'heading.scores': 'Scores',
  'heading.failedChecks': 'Contrôles techniques en échec', 'heading.evaluations': 'Dernières évaluations de pages', 'heading.scoreboardCompetitors': 'Classement face aux concurrents',
  'heading.topDomains': 'Domaines les plus cités', 'heading.doneEffects': 'Recommandations terminées et leur effet mesuré',
  seo: 'SEO',

  'label.score': 'Score GEO', 'label.visibility': 'Visibilité', 'label.relativeSov': 'Part de voix relative', 'label.position': 'Position', 'label.sentiment': 'Sentiment',
  'label.volume': 'Part de citations propres (volume)', 'label.citationRate': 'Taux de citation', 'label.brandVisibility': 'Visibilité ({brand})',
  'label.ownedShare': 'Part propre dans les principales citations', 'label.competitorShare': 'Part des concurrents dans les principales citations', 'label.thirdPartyShare': 'Part des tiers dans les principales citations',
  'label.created': 'Créés', 'label.accepted': 'Acceptés', 'label.done': 'Terminés', 'label.before': '{item} : {metric} avant', 'label.after': '{item} : {metric} après',
  'label.seoScore': 'Score SEO', 'label.combinedScore': 'Score combiné',

  'col.engine': 'Moteur', 'col.scoreInterval': 'Intervalle du score', 'col.answers': 'Réponses', 'col.visibilityInterval': 'Intervalle de visibilité', 'col.rank': 'Rang',
  'col.brand': 'Marque', 'col.kind': 'Type', 'col.score': 'Score', 'col.sov': 'Part de voix', 'col.avgPosition': 'Position moyenne', 'col.citations': 'Citations',
  'col.domain': 'Domaine', 'col.class': 'Classe', 'col.item': 'Élément', 'col.metric': 'Métrique', 'col.before': 'Avant', 'col.beforeN': 'n avant',
  'col.beforeInterval': 'Intervalle avant', 'col.after': 'Après', 'col.afterN': 'n après', 'col.afterInterval': 'Intervalle après', 'col.verdict': 'Verdict', 'col.why': 'Explication',
  'col.component': 'Composante', 'col.available': 'Disponible', 'col.points': 'Points', 'col.maximum': 'Maximum', 'col.share': 'Part', 'col.reason': 'Motif',
  'col.page': 'Page', 'col.day': 'Jour', 'col.status': 'Statut', 'col.performance': 'Performances', 'col.accessibility': 'Accessibilité', 'col.bestPractices': 'Bonnes pratiques',

  'note.mean': 'pas d’intervalle : une moyenne, pas une proportion', 'note.fewPrompts': 'pas d’intervalle : moins de deux prompts ont reçu une réponse', 'note.noAnswers': 'aucune réponse',
  'note.noCitations': 'aucune citation', 'note.itemsOf': 'éléments : {k} sur {n}', 'note.created': 'éléments créés sur la période ; n : tous les éléments',
  'note.accepted': 'acceptations sur la période ; n : tous les éléments', 'note.done': 'vérifiés comme terminés sur la période ; n : tous les éléments',
  'note.verdict': 'verdict : {verdict}', 'note.verdictSimulated': 'verdict : {verdict} ; issu de moteurs simulés',
  'note.seoScore': 'n : pages évaluées lors de l’actualisation ; pas d’intervalle : une somme pondérée des composantes', 'note.noRefresh': 'aucune actualisation SEO pour l’instant',
  'note.geoScore': 'n : réponses du dernier score GEO ; intervalles par composante dans la synthèse de visibilité',
  'note.combined': 'pas d’intervalle : 0,4 × SEO + 0,6 × GEO ; vide tant que les deux n’existent pas', 'note.pagesFail': 'pages en échec : {k} sur {n}',

  'na.noEngine': 'Aucun moteur n’a répondu sur cette période.', 'na.noRecs': 'Pas encore de recommandations : aucune n’a été générée pour cet espace de travail.',
  'na.noBeforeAfter': 'Aucun élément terminé n’a encore de mesure avant et après.', 'na.noDone': 'Aucun élément n’est encore terminé : il n’y a pas d’effet à mesurer.',
  'na.noSeo': 'Pas encore d’actualisation SEO ni d’évaluation de pages : lancez une actualisation SEO pour mesurer le site.', 'na.noFailed': 'Aucun contrôle technique n’a échoué lors de la dernière actualisation.',
  'na.noRefreshChecks': 'Pas encore d’actualisation SEO : les contrôles sont regroupés à partir d’une actualisation.', 'na.noEvaluation': 'Pas encore d’évaluation de pages.',
  'na.recsMissing': 'Le module de recommandations n’a fourni aucune donnée.', 'na.seoMissing': 'Le module SEO n’a fourni aucune donnée.',
  'na.noMeasurement': 'Aucune mesure réussie sur cette période.',
  'na.noCited': 'Aucune réponse n’a cité de source sur cette période.', 'na.noDoneEffect': 'Aucune recommandation n’a encore été terminée avec un effet mesuré.',

  'term.brand': 'marque', 'term.competitor': 'concurrent', 'term.owned': 'propre', 'term.thirdParty': 'tiers', 'term.earnedMedia': 'médias gagnés',
  'term.userGenerated': 'contenu d’utilisateurs', 'term.reference': 'référence', 'term.social': 'réseaux sociaux', 'term.yes': 'oui', 'term.no': 'non',
  'term.proposed': 'proposée', 'term.todo': 'à faire', 'term.inReview': 'en relecture', 'term.done': 'terminée', 'term.archived': 'archivée',
  'term.improved': 'amélioration', 'term.noDetectableChange': 'aucun changement détectable', 'term.worse': 'dégradation', 'term.pending': 'en attente',
  'term.complete': 'complète', 'term.partial': 'partielle',

  'method.interval': 'L’intervalle de confiance à 95 % du score GEO est un bootstrap par percentiles sur les prompts (les réponses du jour rééchantillonnées par prompt, {resamples} fois) ; '
    + 'les proportions (visibilité, taux de citation, part de citations propres) ont un intervalle de Wilson à 95 % ; les moyennes (position, sentiment), l’approximation normale. '
    + 'Un changement n’est dit significatif que si les deux intervalles à 95 % ne se chevauchent pas.',

  'ui.summary': 'Synthèse', 'ui.methodology': 'Méthodologie', 'ui.figure': 'Indicateur', 'ui.value': 'Valeur', 'ui.interval95': 'Intervalle à 95 %', 'ui.note': 'Remarque',
  'ui.prepared': 'Préparé le {date}', 'ui.preparedBy': 'Préparé le {date} par {agency}', 'ui.engines': 'Moteurs : {engines}',
  'ui.simulated': 'Données simulées : réponses de moteurs simulés ({engines}), et non de vrais moteurs d’IA.',
  'ui.simulatedShare': 'Données simulées ({share} des réponses) : réponses de moteurs simulés ({engines}), et non de vrais moteurs d’IA.',
  'ui.daysMeasured': 'Jours mesurés', 'ui.simulatedShareColumn': 'Part simulée', 'ui.source': 'Origine',
  'ui.sourceSimulated': 'simulé', 'ui.sourceLive': 'fournisseur réel', 'ui.sourceMixed': 'mixte',
  'ui.days': 'Jours mesurés sur la période : {days} ; réponses par jour : {answers} ; prompts par jour : {prompts}.',
  'ui.samples': 'Échantillons par prompt et par moteur dans une exécution : {samples}.', 'ui.simulatedAll': 'Part simulée de l’ensemble des réponses : {share}.',
  'ui.models': 'Versions de modèle : le modèle que chaque fournisseur a indiqué dans ses réponses, avec le nombre de réponses données (les moteurs simulés indiquent leur simulateur) ; « non indiquée » quand une réponse n’en indiquait aucun.',
  'ui.surface': 'Surface', 'ui.surface.api': 'API', 'ui.surface.product': 'produit',
  'ui.surfacesMixed': 'Surfaces : les chiffres tous moteurs confondus regroupent des réponses des API des fournisseurs ({api}) et des produits grand public tels que servis sur le web ({product}) ; les deux peuvent différer nettement.',
  'ui.surfacesOne': 'Surface : toutes les réponses proviennent {surface}.', 'ui.surfaceApiLong': 'des API des fournisseurs', 'ui.surfaceProductLong': 'des produits grand public tels que servis sur le web',
  'ui.modelVersions': 'Versions de modèle', 'ui.modelNotReported': 'non indiquée',
  'ui.weights': 'Version du score {version} ; pondérations : visibilité 25 %, part de voix relative 35 %, position 15 %, sentiment 10 %, part de citations propres 15 %, renormalisées sur les composantes disposant de données.',
  'ui.legend': '{engine} ({metric}, bande à 95 %)', 'ui.perDay': '{metric} par jour, {period}', 'ui.barChart': 'diagramme en barres',

  'sentence.rose': '{m} est passé(e) de {a} à {b}, en hausse ({sig}, {n}).', 'sentence.fell': '{m} est passé(e) de {a} à {b}, en baisse ({sig}, {n}).',
  'sentence.latest': '{m} le {d} : {v} (intervalle à 95 % {i}, {n}).', 'sentence.rank': '{brand} se classe {r} sur {of} marques suivies.',
  'sentence.steady': 'Aucun changement significatif entre le {a} et le {b} pour : {list}.', 'sentence.oneDay': 'Un seul jour mesuré sur cette période : aucun changement ne peut encore être affirmé.',
  // The agency portfolio (portfolio.render.fns.ts).
  'ui.mail.intro': '{title} pour {brand}, {period}.',
  'ui.mail.attached': 'Le rapport est joint en PDF.',
  'ui.mail.linked': 'Le rapport est en lien, pas en pièce jointe ({reason}). Ouvrez-le ici jusqu’au {expires} : {url}',
  'ui.mail.linkedLead': 'Le rapport est en lien, pas en pièce jointe ({reason}) :',
  'ui.mail.open': 'ouvrir le rapport',
  'ui.mail.until': 'jusqu’au {expires}',
  'ui.mail.tooLarge': 'le PDF fait {size}, au-delà de la limite de {limit}',
  'ui.mail.noPdf': 'aucun moteur PDF n’est configuré ; le lien ouvre le HTML imprimable',
  'ui.mail.simulated': 'Il comprend des réponses de moteurs simulés, pas de vrais moteurs d’IA.',
  'ui.mail.sentBy': 'Envoyé par {from}.',
  'ui.mail.stop': 'Ne plus recevoir ces rapports : {url}',
  'ui.mail.unsubscribe': '{link} de ces rapports.',
  'ui.mail.unsubscribeLink': 'Se désabonner',
  'ui.mail.simulatedTag': '(données simulées)',
  'ui.mail.oneClient': '1 client',
  'ui.portfolio.title': 'Rapport de portefeuille', 'ui.portfolio.clients': '{n} clients', 'ui.portfolio.client': 'Client', 'ui.portfolio.change': 'Évolution', 'ui.portfolio.rival': 'Principal concurrent', 'ui.portfolio.sim': 'Simulé',
  'ui.portfolio.steady': 'non significatif', 'ui.portfolio.sig': 'significatif', 'ui.portfolio.none': 'Un seul jour mesuré', 'ui.portfolio.board': 'Classement (les {count} premiers)',
  'ui.portfolio.method': 'Comment ces chiffres sont obtenus', 'ui.portfolio.methodText': 'Les chiffres de chaque client sont sa synthèse de visibilité sur la période : le score, l’intervalle à 95 % et n du dernier jour mesuré.',
  'ui.portfolio.simBanner': 'Données simulées : une partie des réponses provient de moteurs simulés, et non de vrais moteurs d’IA ({engines}).', 'ui.portfolio.empty': 'Aucun client : ce compte n’a accès à aucun espace de travail.',
};
